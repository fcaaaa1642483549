import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  MESSAGES,
  conversionCostUnits,
  unitsToCredits,
  type ConversionResult,
  type OutputFormat,
  type QualityTier,
} from '@tracery/contracts';
import { toast } from 'sonner';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../components/Page';
import { SpinnerIcon } from '../components/icons';
import { ApiError, errorMessage } from '../lib/api';
import { track } from '../lib/analytics';
import { useAuth, userPlan } from '../features/auth/useAuth';
import { useSignInThen } from '../features/auth/useSignInThen';
import { useOnAccountLeft } from '../features/auth/useOnAccountLeft';
import { UploadArea } from '../features/convert/UploadArea';
import { ConversionSettings } from '../features/convert/ConversionSettings';
import { DownloadButton } from '../features/convert/DownloadButton';
import { uploadConversion } from '../features/convert/api';
import {
  STATUS_LABEL,
  formatBytes,
  formatCredits,
  newQueuedFile,
  type QueuedFile,
} from '../features/convert/types';
import { queryKeys } from '../lib/queryKeys';

export default function BatchPage() {
  const { user, setCredits, openAuthDialog } = useAuth();
  const queryClient = useQueryClient();
  const signInThen = useSignInThen();
  const plan = userPlan(user);
  const [format, setFormat] = useState<OutputFormat>('svg');
  const [tier, setTier] = useState<QualityTier>('standard');
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [results, setResults] = useState<Record<string, ConversionResult>>({});
  const [running, setRunning] = useState(false);
  const stop = useRef(false);
  const formatLocked = !plan.formats.includes(format);
  useOnAccountLeft(() => {
    stop.current = true;
    setFiles([]);
    setResults({});
  });

  const pending = files.filter((f) => f.status === 'ready' || f.status === 'error');
  const estimate = unitsToCredits(
    pending.reduce((sum, f) => sum + conversionCostUnits(f.file.size, tier), 0),
  );
  const done = files.filter((f) => f.status === 'completed').length;

  const patch = (id: string, change: Partial<QueuedFile>) =>
    setFiles((prev) => prev.map((f) => (f.id === id ? { ...f, ...change } : f)));

  function add(added: File[]) {
    const room = plan.batchLimit - files.length;
    if (added.length > room)
      toast.error(
        `Your plan converts up to ${plan.batchLimit} images per batch; ${Math.max(0, room)} more fit in this one.`,
      );
    setFiles((prev) => [...prev, ...added.slice(0, Math.max(0, room)).map(newQueuedFile)]);
  }

  async function runAll() {
    setRunning(true);
    stop.current = false;
    // One at a time: predictable credit use and a fair share of the server for everyone.
    for (const item of pending) {
      if (stop.current) break;
      patch(item.id, { status: 'converting', error: undefined });
      try {
        const result = await uploadConversion(item.file, format, tier);
        patch(item.id, { status: 'completed' });
        setResults((r) => ({ ...r, [item.id]: result }));
        setCredits(result.credits_remaining);
        track('conversion', {
          output_format: format,
          file_size: item.file.size,
          result: 'success',
          batch: true,
        });
      } catch (error) {
        const message = errorMessage(error, MESSAGES.conversionFailed);
        patch(item.id, { status: 'error', error: message });
        track('conversion', {
          output_format: format,
          file_size: item.file.size,
          result: 'failed',
          batch: true,
        });
        if (error instanceof ApiError && error.code === 'NOT_ENOUGH_CREDITS') {
          toast.error(message);
          break;
        }
      }
    }
    setRunning(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
  }

  return (
    <Page
      wide
      title="Batch conversion"
      metaTitle="Batch image to vector conversion"
      lead={`Queue up to ${plan.batchLimit} images on your ${plan.name} plan and convert them one after another with the same settings.`}
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <UploadArea onFiles={add} maxFiles={plan.batchLimit} />
          <ConversionSettings
            outputFormat={format}
            tier={tier}
            onFormat={setFormat}
            onTier={setTier}
            plan={plan}
          />
          <section aria-labelledby="batch-queue">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="batch-queue" className="text-lg font-semibold">
                Queue ({files.length}/{plan.batchLimit})
              </h2>
              <div className="flex gap-2">
                {running ? (
                  <button
                    type="button"
                    onClick={() => (stop.current = true)}
                    className="rounded-lg border border-line px-4 py-2 text-sm font-semibold"
                  >
                    Stop after this image
                  </button>
                ) : (
                  <button
                    type="button"
                    onClick={() => setFiles((prev) => prev.filter((f) => f.status !== 'completed'))}
                    disabled={done === 0}
                    className="rounded-lg border border-line px-4 py-2 text-sm font-semibold disabled:opacity-50"
                  >
                    Clear finished
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => signInThen(() => void runAll(), MESSAGES.signInToConvert)}
                  disabled={running || pending.length === 0 || formatLocked}
                  aria-describedby={formatLocked ? 'format-upgrade' : undefined}
                  className="btn-primary inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60"
                >
                  {running && <SpinnerIcon size={16} />}
                  {running
                    ? `Converting ${done + 1} of ${files.length}...`
                    : `Convert all (${pending.length})`}
                </button>
              </div>
            </div>
            {!user && (
              <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
                Converting needs an account.{' '}
                <button
                  type="button"
                  onClick={() => openAuthDialog('signup')}
                  className="font-semibold underline"
                >
                  Create one free
                </button>{' '}
                to get 25 credits a month.
              </p>
            )}
            {files.length === 0 ? (
              <p className="mt-3 text-sm text-muted">No images queued yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
                {files.map((f) => (
                  <li
                    key={f.id}
                    data-testid="batch-item"
                    className="flex flex-wrap items-center justify-between gap-3 p-3"
                  >
                    <div className="min-w-0">
                      <p className="truncate font-medium">{f.file.name}</p>
                      <p className="text-xs text-muted">
                        {formatBytes(f.file.size)}
                        {f.error && (
                          <span className="text-red-800 dark:text-red-300"> · {f.error}</span>
                        )}
                      </p>
                    </div>
                    <div className="flex items-center gap-2">
                      <span className="text-sm text-muted">{STATUS_LABEL[f.status]}</span>
                      {results[f.id] && (
                        <DownloadButton
                          url={results[f.id].result_url}
                          originalName={f.file.name}
                          format={results[f.id].output_format}
                        />
                      )}
                      {!running && f.status !== 'completed' && (
                        <button
                          type="button"
                          onClick={() => setFiles((prev) => prev.filter((x) => x.id !== f.id))}
                          className="rounded-lg px-2 py-1 text-sm text-muted underline"
                          aria-label={`Remove ${f.file.name}`}
                        >
                          Remove
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="space-y-4" aria-label="Batch summary">
          <div className="rounded-2xl border border-line bg-surface p-5">
            <h2 className="text-lg font-semibold">Estimated cost</h2>
            <p className="mt-1 text-3xl font-bold text-brand">{formatCredits(estimate)}</p>
            <p className="text-sm text-muted">for the {pending.length} images still to convert</p>
            {user && (
              <p className="mt-2 text-sm">You have {formatCredits(user.credits_remaining)}.</p>
            )}
          </div>
          <div className="rounded-2xl border border-line bg-surface p-5 text-sm text-muted">
            <h2 className="text-lg font-semibold text-ink">Tips</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Economy tier saves 40% on large, simple batches.</li>
              <li>Images convert in order; a failed one is refunded and the batch continues.</li>
              <li>
                Read the{' '}
                <Link
                  to="/batch-vectorization-guide"
                  className="font-semibold text-brand underline"
                >
                  batch vectorization guide
                </Link>
                .
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </Page>
  );
}
