import { parentPort } from 'node:worker_threads';
import { isDomainError } from '../errors.js';
import { decodeUpload } from '../images/decode.js';
import { runTrace } from './run-trace.js';
import { transferable, type DecodeTask, type TraceTask } from './trace-task.js';

type Message =
  { id: number; kind: 'trace'; task: TraceTask } | { id: number; kind: 'decode'; task: DecodeTask };

/**
 * Worker-thread entry: decodes an upload or runs one trace per message and posts the result (or
 * the error, with its code when it is one of ours), handing buffers over without copies.
 */
parentPort?.on('message', (message: Message) => {
  void handle(message);
});

async function handle(message: Message): Promise<void> {
  try {
    if (message.kind === 'decode') {
      const decoded = await decodeUpload(message.task.bytes, message.task.limits);
      parentPort?.postMessage(
        { id: message.id, ok: true, outcome: decoded },
        transferable(decoded.full.data, decoded.sample.data),
      );
      return;
    }
    const outcome = runTrace(message.task);
    parentPort?.postMessage({ id: message.id, ok: true, outcome }, transferable(outcome.output));
  } catch (error) {
    const err = error as Error;
    parentPort?.postMessage({
      id: message.id,
      ok: false,
      code: isDomainError(error) ? error.code : undefined,
      message: err.message,
    });
  }
}
