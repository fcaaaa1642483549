export type QueuedStatus = 'ready' | 'converting' | 'completed' | 'error';

export interface QueuedFile {
  id: string;
  file: File;
  status: QueuedStatus;
  error?: string;
}

export const STATUS_LABEL: Record<QueuedStatus, string> = {
  ready: 'Ready',
  converting: 'Converting...',
  completed: 'Completed',
  error: 'Error',
};

export function newQueuedFile(file: File): QueuedFile {
  return { id: crypto.randomUUID(), file, status: 'ready' };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export { formatCredits } from '@tracery/contracts';
