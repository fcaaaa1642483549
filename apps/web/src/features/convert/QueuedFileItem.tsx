import { useEffect, useState } from 'react';
import type { ConversionOptions } from '@tracery/contracts';
import { CloseIcon, SpinnerIcon } from '../../components/icons';
import { usePreview } from '../preview/usePreview';
import { STATUS_LABEL, formatBytes, type QueuedFile } from './types';

interface Props {
  item: QueuedFile;
  canConvert: boolean;
  /** The chosen format is outside the plan: Convert stays off and points at the upgrade note. */
  formatLocked: boolean;
  /** The Advanced options the preview traces with (the settled, valid ones). */
  options: ConversionOptions;
  /** The id of the note explaining why Convert is off (a locked format, a wrong option). */
  blockedBy?: string;
  onConvert(item: QueuedFile): void;
  onRemove(id: string): void;
  onRetry(id: string): void;
}

const STATUS_CLASS: Record<QueuedFile['status'], string> = {
  ready: 'bg-slate-100 text-slate-800',
  converting: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-emerald-100 text-emerald-900',
  error: 'bg-red-100 text-red-900',
};

function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

export function QueuedFileItem({
  item,
  canConvert,
  formatLocked,
  options,
  blockedBy,
  onConvert,
  onRemove,
  onRetry,
}: Props) {
  const original = useObjectUrl(item.file);
  const preview = usePreview(item.id, item.file, options);

  return (
    <li data-testid="queued-file" className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium" title={item.file.name}>
            {item.file.name}
          </p>
          <p className="text-sm text-muted">
            {formatBytes(item.file.size)} ·{' '}
            {item.file.type.replace('image/', '').toUpperCase() || 'image'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span
            data-testid="file-status"
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_CLASS[item.status]}`}
            aria-live="polite"
          >
            {STATUS_LABEL[item.status]}
          </span>
          <button
            type="button"
            data-testid="convert-button"
            disabled={!canConvert || formatLocked || Boolean(blockedBy)}
            aria-describedby={formatLocked ? 'format-upgrade' : blockedBy}
            onClick={() => onConvert(item)}
            className="btn-primary inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60"
          >
            {item.status === 'converting' && <SpinnerIcon size={16} />}
            Convert
          </button>
          <button
            type="button"
            onClick={() => onRemove(item.id)}
            disabled={item.status === 'converting'}
            aria-label={`Remove ${item.file.name} from the queue`}
            className="rounded-lg p-2 text-muted hover:bg-canvas disabled:opacity-50"
          >
            <CloseIcon size={18} />
          </button>
        </div>
      </div>
      {item.error && (
        <p className="mt-2 text-sm text-red-800 dark:text-red-300">
          {item.error}{' '}
          <button
            type="button"
            onClick={() => onRetry(item.id)}
            className="font-semibold underline"
          >
            Try again
          </button>
        </p>
      )}
      <div className="mt-3 grid grid-cols-2 gap-3">
        <figure className="overflow-hidden rounded-xl border border-line bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px]">
          {original && (
            <img
              src={original}
              alt={`Original: ${item.file.name}`}
              className="h-40 w-full object-contain"
            />
          )}
          <figcaption className="bg-surface px-2 py-1 text-xs text-muted">Original</figcaption>
        </figure>
        <figure
          className="overflow-hidden rounded-xl border border-line bg-white"
          data-testid="vector-preview"
        >
          {preview.status === 'done' ? (
            <img
              src={preview.url}
              alt={`Instant vector preview of ${item.file.name}`}
              className="h-40 w-full object-contain"
            />
          ) : (
            <div className="flex h-40 items-center justify-center px-3 text-center text-sm text-slate-600">
              {preview.status === 'tracing' ? (
                <span className="inline-flex items-center gap-2">
                  <SpinnerIcon size={16} /> Tracing preview...
                </span>
              ) : (
                'Preview unavailable'
              )}
            </div>
          )}
          <figcaption className="bg-surface px-2 py-1 text-xs text-muted">
            Instant preview
            {preview.status === 'done'
              ? preview.updating
                ? ' (updating...)'
                : ` (${preview.ms} ms, in your browser)`
              : ''}
          </figcaption>
        </figure>
      </div>
    </li>
  );
}
