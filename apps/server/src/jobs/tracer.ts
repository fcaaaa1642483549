import { DomainError } from '../errors.js';
import type { TraceOutcome, TraceTask } from './trace-task.js';

/** Runs traces somewhere: in this process's worker threads, or on queue workers elsewhere. */
export interface Tracer {
  readonly kind: 'worker-threads' | 'bullmq';
  run(task: TraceTask): Promise<TraceOutcome>;
  /** How many workers can take a job now (0 = none online). */
  online(): Promise<number>;
  /** How many traces wait for a thread or a worker (the queue depth metric). */
  depth(): Promise<number>;
  close(): Promise<void>;
}

export const queueFull = () => new DomainError('QUEUE_FULL', 'The conversion queue is full');
export const traceTimedOut = () =>
  new DomainError('CONVERSION_TIMEOUT', 'The trace took too long and was stopped');
export const traceFailed = (cause: string) => new DomainError('CONVERSION_FAILED', cause);
