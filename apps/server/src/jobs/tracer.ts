import type { TraceOutcome, TraceTask } from './trace-task.js';

/** Runs traces somewhere: in this process's worker threads, or on queue workers elsewhere. */
export interface Tracer {
  readonly kind: 'worker-threads' | 'bullmq';
  run(task: TraceTask): Promise<TraceOutcome>;
  /** How many workers can take a job now (0 = none online). */
  online(): Promise<number>;
  close(): Promise<void>;
}
