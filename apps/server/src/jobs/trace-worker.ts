import { parentPort } from 'node:worker_threads';
import { runTrace } from './run-trace.js';
import type { TraceTask } from './trace-task.js';

/** Worker-thread entry: runs one trace per message and posts the outcome (or the error). */
parentPort?.on('message', (message: { id: number; task: TraceTask }) => {
  try {
    const outcome = runTrace(message.task);
    parentPort?.postMessage({ id: message.id, ok: true, outcome }, [
      outcome.output.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    const err = error as Error;
    parentPort?.postMessage({ id: message.id, ok: false, name: err.name, message: err.message });
  }
});
