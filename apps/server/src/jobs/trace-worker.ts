import { parentPort, workerData } from 'node:worker_threads';
import { warmUp, warmUpImage } from '@tracery/engine';
import { isDomainError } from '../errors.js';
import { writeVector } from '../conversions/formats.js';
import { decodeUpload } from '../images/decode.js';
import { giveWaySignal } from './give-way.js';
import { runTrace } from './run-trace.js';
import type { DecodeTask, TraceTask, WarmUp, WriteTask } from './trace-task.js';

type Message =
  | { id: number; kind: 'trace'; task: TraceTask }
  | { id: number; kind: 'decode'; task: DecodeTask }
  | { id: number; kind: 'write'; task: WriteTask };

/**
 * Worker-thread entry: decodes an upload or runs one trace per message and posts the result (or
 * the error, with its code when it is one of ours).
 *
 * Results are copied to the main thread, not transferred. A transfer detaches the sender's
 * ArrayBuffer, and the first one a thread ever detaches makes V8 drop all of its optimised code
 * that assumed none would be (167 of the engine's functions) and compile it again with a check
 * on every typed-array access. On a fresh worker its second conversion took 450-490 ms instead
 * of 80-125, and later ones 4-8 % longer (bench/first-calls.mjs --mode pool). The copy costs
 * nothing measurable: a 12-megapixel decode takes 130 ms either way, and two 40-megapixel ones at
 * once peak at the same 975 MB of process memory.
 */
const { giveWay, warmUp: warm } = workerData as { giveWay: Int32Array; warmUp: boolean };

parentPort?.on('message', (message: Message) => {
  void handle(message);
});
// A new thread runs the engine mostly unoptimised for its first traces (several times slower
// than later ones): it traces small generated pictures and converts one before it takes jobs,
// so users' first conversions on it do not pay for that and their time limits do not start
// until it is done.
const warmedUp = warm ? warmUpConversion() : undefined;
// The modules above are loaded: the pool may now hand over jobs (and start their time limits).
parentPort?.postMessage({ ready: true, warmUp: warmedUp });

async function handle(message: Message): Promise<void> {
  try {
    if (message.kind === 'decode') {
      const decoded = await decodeUpload(message.task.bytes, message.task.limits);
      parentPort?.postMessage({ id: message.id, ok: true, outcome: decoded });
      return;
    }
    if (message.kind === 'write') {
      const output = writeVector(message.task.vector, message.task.format);
      parentPort?.postMessage({ id: message.id, ok: true, outcome: output });
      return;
    }
    const outcome = runTrace(
      message.task,
      message.task.background ? giveWaySignal(giveWay) : undefined,
    );
    parentPort?.postMessage({ id: message.id, ok: true, outcome });
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

/**
 * The engine's warm-up, then one whole conversion of its picture as a job runs it (the trace,
 * the written file, both engines' quality measured on the sample): a user's first conversion on
 * a new thread compiled those paths as it went, 120-145 ms against 70-95 with this (a 213x256
 * logo, bench/first-calls.mjs --mode pool), for 60-90 ms more before the thread is ready.
 * Returns what they made: the layers of each warm-up trace and the size of the SVG.
 */
function warmUpConversion(): WarmUp {
  const layers = warmUp();
  const { width, height, data } = warmUpImage();
  const image = { width, height, data: new Uint8ClampedArray(data) };
  const { output } = runTrace({
    conversionId: 'warm-up',
    full: image,
    sample: image,
    format: 'svg',
    tier: 'standard',
  });
  return { layers, svgBytes: output.byteLength };
}
