import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  MESSAGES,
  conversionCostUnits,
  itemTerminal,
  unitsToCredits,
  type BatchItem,
  type BatchView,
} from '@tracery/contracts';
import { toast } from 'sonner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Page } from '../components/Page';
import { ItemRow } from '../components/ItemRow';
import { DownloadIcon, SpinnerIcon } from '../components/icons';
import { downloadFile, errorMessage } from '../lib/api';
import { track } from '../lib/analytics';
import { useAuth, userPlan } from '../features/auth/useAuth';
import { useSignInThen } from '../features/auth/useSignInThen';
import { useOnAccountLeft } from '../features/auth/useOnAccountLeft';
import { UploadArea } from '../features/convert/UploadArea';
import { ConversionSettings } from '../features/convert/ConversionSettings';
import { useConversionSettings } from '../features/convert/useConversionSettings';
import { DownloadButton } from '../features/convert/DownloadButton';
import { SaveToCloud } from '../features/cloud/SaveToCloud';
import { formatBytes, formatCredits } from '../features/convert/types';
import { cancelBatch, fetchBatches, retryBatchItem, startBatch } from '../features/batch/api';
import { useBatch } from '../features/batch/useBatch';
import { queryKeys } from '../lib/queryKeys';
import { useApiActions } from '../lib/useApiAction';
import { useImagePixelCounts } from '../features/convert/useImagePixels';
import { ADVANCED_ERROR_ID, AdvancedOptions } from '../features/trace-options/AdvancedOptions';
import { useTraceOptions } from '../features/trace-options/useTraceOptions';

const isZip = (file: File) =>
  /\.zip$/i.test(file.name) ||
  file.type === 'application/zip' ||
  file.type === 'application/x-zip-compressed';

const ITEM_LABEL: Record<BatchItem['status'], string> = {
  queued: 'Waiting',
  processing: 'Converting...',
  completed: 'Completed',
  failed: 'Failed (refunded)',
  cancelled: 'Cancelled (refunded)',
};

export default function BatchPage() {
  const { user } = useAuth();
  const plan = userPlan(user);
  const [params, setParams] = useSearchParams();
  const batchId = params.get('id');
  return (
    <Page
      wide
      title="Batch conversion"
      metaTitle="Batch image to vector conversion"
      lead={`Convert up to ${plan.batchLimit} images at once on your ${plan.name} plan (files up to ${plan.maxFileBytes / 1048576} MB each). The batch runs on our servers: close the tab and come back whenever you like.`}
    >
      {batchId ? (
        <RunningBatch id={batchId} onNew={() => setParams({})} />
      ) : (
        <NewBatch onStarted={(id) => setParams({ id })} />
      )}
    </Page>
  );
}

function NewBatch({ onStarted }: { onStarted: (id: string) => void }) {
  const { user, openAuthDialog, refreshUser } = useAuth();
  const signInThen = useSignInThen();
  const plan = userPlan(user);
  const settings = useConversionSettings();
  const { outputFormat: format, tier } = settings;
  const [files, setFiles] = useState<{ id: string; file: File }[]>([]);
  const [sending, setSending] = useState(false);
  const traceOptions = useTraceOptions();
  const optionsError = traceOptions.checked.ok ? undefined : ADVANCED_ERROR_ID;
  const formatLocked = !plan.formats.includes(format);
  useOnAccountLeft(() => setFiles([]));
  const pixels = useImagePixelCounts(files);
  const zipQueued = files.some((f) => isZip(f.file));
  const estimate = unitsToCredits(
    files.reduce((sum, f) => sum + conversionCostUnits(pixels[f.id] ?? 0, tier), 0),
  );

  function add(added: File[]) {
    const zip = added.find(isZip);
    if (zip || files.some((f) => isZip(f.file))) {
      if (added.length > 1 || files.length > 0)
        toast.error('A batch takes images or one ZIP of images, not both.');
      if (zip) setFiles([{ id: crypto.randomUUID(), file: zip }]);
      return;
    }
    const room = plan.batchLimit - files.length;
    if (added.length > room)
      toast.error(
        `Your plan converts up to ${plan.batchLimit} images per batch; ${Math.max(0, room)} more fit in this one.`,
      );
    setFiles((prev) => [
      ...prev,
      ...added.slice(0, Math.max(0, room)).map((file) => ({ id: crypto.randomUUID(), file })),
    ]);
  }

  async function send() {
    setSending(true);
    try {
      const created = await startBatch(
        files.map((f) => f.file),
        format,
        tier,
        traceOptions.checked.ok ? traceOptions.checked.options : {},
      );
      track('conversion', { output_format: format, batch: true, files: files.length });
      const refused = created.items.filter((i) => i.status === 'failed').length;
      if (refused > 0)
        toast.error(`${refused} of ${created.items.length} files were refused and cost nothing.`);
      void refreshUser();
      setFiles([]);
      onStarted(created.batch_id);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.conversionFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-6">
        <UploadArea onFiles={add} maxFiles={plan.batchLimit} zip />
        <ConversionSettings settings={settings} plan={plan} />
        <AdvancedOptions state={traceOptions} />
        <section aria-labelledby="batch-queue">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="batch-queue" className="text-lg font-semibold">
              Queue ({files.length}/{plan.batchLimit})
            </h2>
            <button
              type="button"
              onClick={() => signInThen(() => void send(), MESSAGES.signInToConvert)}
              disabled={sending || files.length === 0 || formatLocked || Boolean(optionsError)}
              aria-describedby={formatLocked ? 'format-upgrade' : optionsError}
              className="btn-primary inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60"
            >
              {sending && <SpinnerIcon size={16} />}
              {sending ? 'Uploading...' : `Convert all (${files.length})`}
            </button>
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
                <ItemRow
                  key={f.id}
                  testId="batch-file"
                  className="gap-3 p-3"
                  name={f.file.name}
                  details={formatBytes(f.file.size)}
                  detailsClass="text-xs text-muted"
                >
                  <button
                    type="button"
                    onClick={() => setFiles((prev) => prev.filter((x) => x.id !== f.id))}
                    className="rounded-lg px-2 py-1 text-sm text-muted underline"
                    aria-label={`Remove ${f.file.name}`}
                  >
                    Remove
                  </button>
                </ItemRow>
              ))}
            </ul>
          )}
        </section>
        {user && <RecentBatches />}
      </div>
      <aside className="space-y-4" aria-label="Batch summary">
        <div className="rounded-2xl border border-line bg-surface p-5">
          <h2 className="text-lg font-semibold">Estimated cost</h2>
          {zipQueued ? (
            <p className="mt-1 text-sm text-muted">
              Counted per image once the ZIP is opened, reserved when you start.
            </p>
          ) : (
            <>
              <p className="mt-1 text-3xl font-bold text-brand">{formatCredits(estimate)}</p>
              <p className="text-sm text-muted">
                for {files.length} images, reserved when you start
              </p>
            </>
          )}
          {user && (
            <p className="mt-2 text-sm">You have {formatCredits(user.credits_remaining)}.</p>
          )}
        </div>
        <div className="rounded-2xl border border-line bg-surface p-5 text-sm text-muted">
          <h2 className="text-lg font-semibold text-ink">Tips</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>Economy tier saves 40% on large, simple batches.</li>
            <li>A file that cannot be read, or fails, is refunded; the rest carry on.</li>
            <li>
              Read the{' '}
              <Link to="/batch-vectorization-guide" className="font-semibold text-brand underline">
                batch vectorization guide
              </Link>
              .
            </li>
          </ul>
        </div>
      </aside>
    </div>
  );
}

function RecentBatches() {
  const { user } = useAuth();
  const batches = useQuery({
    queryKey: ['batches', user?.id],
    queryFn: fetchBatches,
  });
  const list = batches.data?.batches ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="recent-batches">
      <h2 id="recent-batches" className="text-lg font-semibold">
        Your recent batches
      </h2>
      <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
        {list.map((b) => (
          <li key={b.batch_id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <Link to={`/batch?id=${b.batch_id}`} className="font-medium text-brand underline">
              {new Date(b.created_at).toLocaleString()} · {b.totals.total} images
            </Link>
            <span className="text-sm text-muted">
              {b.status === 'running'
                ? `Running: ${b.totals.completed} of ${b.totals.total} done`
                : `${b.status === 'cancelled' ? 'Cancelled' : 'Finished'}: ${b.totals.completed} converted`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RunningBatch({ id, onNew }: { id: string; onNew: () => void }) {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const { view, setView, error, follow } = useBatch(id, () => {
    void refreshUser();
    void queryClient.invalidateQueries({ queryKey: ['batches'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
  });
  const { busy, run } = useApiActions<'cancel' | 'zip'>();
  // By item id: a retry runs beside a cancel or a download.
  const retries = useApiActions<string>();

  if (error)
    return (
      <div className="space-y-3">
        <p role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </p>
        <button type="button" onClick={onNew} className="font-semibold text-brand underline">
          Start a new batch
        </button>
      </div>
    );
  if (!view)
    return (
      <p className="flex items-center gap-2 text-muted">
        <SpinnerIcon size={16} /> Loading the batch...
      </p>
    );

  const settled = view.items.filter((i) => itemTerminal(i.status)).length;
  const percent = view.totals.total ? Math.round((settled / view.totals.total) * 100) : 100;

  const cancel = () =>
    run('cancel', 'The batch could not be cancelled', async () => {
      setView(await cancelBatch(id));
      void refreshUser();
      toast.success('Batch cancelled; the images that had not started were refunded.');
    });

  const retry = (item: BatchItem) =>
    retries.run(item.id, `${item.original_filename} could not be retried`, async () => {
      setView(await retryBatchItem(item.retry_url!));
      follow();
      void refreshUser();
    });

  const zip = (current: BatchView) =>
    run('zip', 'Download failed', () =>
      downloadFile(current.zip_url, `tracery-batch-${current.batch_id.slice(0, 8)}.zip`),
    );

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="batch-progress-title"
        data-testid="batch-progress"
        className="rounded-2xl border border-line bg-surface p-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="batch-progress-title" className="text-lg font-semibold">
            {view.status === 'running'
              ? `Converting ${view.totals.total} images`
              : view.status === 'cancelled'
                ? 'Batch cancelled'
                : 'Batch finished'}
          </h2>
          <div className="flex flex-wrap gap-2">
            {view.status === 'running' && (
              <button
                type="button"
                onClick={() => void cancel()}
                disabled={busy !== null}
                className="rounded-lg border border-line px-4 py-2 text-sm font-semibold disabled:opacity-50"
              >
                Cancel the rest
              </button>
            )}
            <button
              type="button"
              onClick={() => void zip(view)}
              disabled={busy !== null || view.totals.completed === 0}
              className="btn-primary inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60"
            >
              {busy === 'zip' ? <SpinnerIcon size={16} /> : <DownloadIcon size={16} />}
              Download all as ZIP
            </button>
          </div>
        </div>
        <div
          role="progressbar"
          aria-label="Batch progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-4 h-3 overflow-hidden rounded-full bg-line"
        >
          <div className="h-full bg-brand transition-all" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-sm text-muted" data-testid="batch-counts" aria-live="polite">
          {view.totals.completed} converted · {view.totals.processing} converting ·{' '}
          {view.totals.queued} waiting
          {view.totals.failed > 0 && ` · ${view.totals.failed} failed`}
          {view.totals.cancelled > 0 && ` · ${view.totals.cancelled} cancelled`}
          {' · '}
          {formatCredits(view.credits_charged)} charged
        </p>
        {view.status !== 'running' && view.totals.completed > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="batch-cloud">
            <SaveToCloud target={{ batch_id: view.batch_id }} label="Save all to" />
            <SaveToCloud target={{ batch_id: view.batch_id, as: 'zip' }} label="Save ZIP to" />
          </div>
        )}
        <p className="mt-1 text-xs text-muted">
          This batch keeps running on the server if you close the page; find it again under Your
          recent batches on{' '}
          <button type="button" onClick={onNew} className="underline">
            a new batch
          </button>
          .
        </p>
      </section>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
        {view.items.map((item) => (
          <li
            key={item.id}
            data-testid="batch-item"
            data-status={item.status}
            className="flex flex-wrap items-center justify-between gap-3 p-3"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{item.original_filename}</p>
              {item.error && <p className="text-xs text-red-800 dark:text-red-300">{item.error}</p>}
              <div
                aria-hidden="true"
                className="mt-1 h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-line"
              >
                <div
                  className={`h-full ${item.status === 'failed' || item.status === 'cancelled' ? 'bg-muted' : 'bg-brand'} ${item.status === 'processing' ? 'animate-pulse' : ''}`}
                  style={{
                    width:
                      item.status === 'queued'
                        ? '0%'
                        : item.status === 'processing'
                          ? '50%'
                          : '100%',
                  }}
                />
              </div>
            </div>
            <div className="flex items-center gap-2">
              <span className="text-sm text-muted">{ITEM_LABEL[item.status]}</span>
              {item.retry_url && view.status !== 'cancelled' && (
                <button
                  type="button"
                  onClick={() => void retry(item)}
                  disabled={retries.busy !== null}
                  aria-label={`Retry ${item.original_filename}`}
                  className="rounded-lg border border-line px-3 py-1 text-sm font-semibold disabled:opacity-50"
                >
                  {retries.busy === item.id ? 'Retrying...' : 'Retry'}
                </button>
              )}
              {item.result_url && (
                <>
                  <DownloadButton
                    url={item.result_url}
                    originalName={item.original_filename}
                    format={view.output_format}
                  />
                  <SaveToCloud target={{ batch_id: view.batch_id, item_id: item.id }} />
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onNew} className="font-semibold text-brand underline">
        Start a new batch
      </button>
    </div>
  );
}
