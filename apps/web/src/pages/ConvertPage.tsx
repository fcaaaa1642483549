import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES, cheapestPlanWithFormat, type ConversionOptions } from '@tracery/contracts';
import { Tabs } from '../components/Tabs';
import { useAuth, isFreeTier, userPlan } from '../features/auth/useAuth';
import { useSignInThen } from '../features/auth/useSignInThen';
import { UploadArea } from '../features/convert/UploadArea';
import { ConversionSettings } from '../features/convert/ConversionSettings';
import { useConversionSettings } from '../features/convert/useConversionSettings';
import { QueuedFileItem } from '../features/convert/QueuedFileItem';
import { ResultsList } from '../features/convert/ResultsList';
import { HistoryTab } from '../features/convert/HistoryTab';
import { CostEstimatePanel } from '../features/convert/CostEstimatePanel';
import { useImageSize } from '../features/convert/useImagePixels';
import { useCostEstimate } from '../features/convert/useCostEstimate';
import { useConvertQueue } from '../features/convert/useConvertQueue';
import { createSampleImage } from '../features/convert/sample';
import {
  AccountCard,
  LowCreditWarning,
  SystemStatusCard,
  UpgradeCard,
} from '../features/convert/SidebarCards';
import { AdSlot } from '../features/ads/AdSlot';
import { ADVANCED_ERROR_ID, AdvancedOptions } from '../features/trace-options/AdvancedOptions';
import { useTraceOptions } from '../features/trace-options/useTraceOptions';
import { useDebounced } from '../lib/useDebounced';
import { usePageMeta } from '../lib/usePageMeta';

type TabId = 'convert' | 'history';
const EMPTY: ConversionOptions = {};
const TABS: { id: TabId; label: string }[] = [
  { id: 'convert', label: 'Convert' },
  { id: 'history', label: 'History' },
];

export default function ConvertPage() {
  usePageMeta(
    'Universal image to vector converter',
    'Convert JPG, PNG, GIF and BMP images into SVG, PDF, EPS or DXF vectors with an instant in-browser preview.',
  );
  const { user } = useAuth();
  const [tab, setTab] = useState<TabId>('convert');
  const settings = useConversionSettings();
  const { outputFormat, tier } = settings;
  const traceOptions = useTraceOptions();
  const options = traceOptions.checked.ok ? traceOptions.checked.options : EMPTY;
  const previewOptions = useDebounced(options, 300);
  const { files, results, originals, addFiles, removeFile, retryFile, convert, converting } =
    useConvertQueue(outputFormat, tier, options);
  const signInThen = useSignInThen();
  const plan = userPlan(user);
  const formatLocked = !plan.formats.includes(outputFormat);
  const newest = files.length > 0 ? files[files.length - 1] : null;
  const newestSize = useImageSize(newest?.file ?? null, newest?.id ?? null);
  const estimate = useCostEstimate(newest ? newest.file.size : null, newestSize, tier);
  useSampleParam(addFiles);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Image to vector converter</h1>
        <p className="mt-2 max-w-3xl text-muted">
          Turn JPG, PNG, GIF and BMP images into clean SVG, PDF, EPS or DXF files. You see a vector
          preview traced in your own browser before spending a credit, and the free plan includes a
          trial of 25 conversions every month.
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <Tabs label="Converter" tabs={TABS} active={tab} onChange={(id) => setTab(id)}>
            {tab === 'convert' ? (
              <div className="space-y-6">
                <UploadArea onFiles={addFiles} />
                <ConversionSettings settings={settings} plan={plan} />
                <AdvancedOptions state={traceOptions} />
                <section aria-labelledby="queue-heading">
                  <h2 id="queue-heading" className="mb-3 text-lg font-semibold">
                    Selected files{' '}
                    {files.length > 0 && <span className="text-muted">({files.length})</span>}
                  </h2>
                  {files.length === 0 ? (
                    <p className="rounded-2xl border border-line bg-surface p-5 text-sm text-muted">
                      No files yet. Drop images above, or{' '}
                      <Link
                        className="font-semibold text-brand underline"
                        to="/convert?sample=true"
                      >
                        try a sample image
                      </Link>
                      .
                    </p>
                  ) : (
                    <ul className="space-y-4">
                      {files.map((f) => (
                        <QueuedFileItem
                          key={f.id}
                          item={f}
                          canConvert={f.status === 'ready' && !converting}
                          formatLocked={formatLocked}
                          options={previewOptions}
                          blockedBy={traceOptions.checked.ok ? undefined : ADVANCED_ERROR_ID}
                          onConvert={(item) =>
                            signInThen(() => void convert(item), MESSAGES.signInToConvert)
                          }
                          onRemove={removeFile}
                          onRetry={retryFile}
                        />
                      ))}
                    </ul>
                  )}
                </section>
                <ResultsList results={results} originals={originals} />
                {isFreeTier(user) && <AdSlot placement="content" />}
              </div>
            ) : (
              <HistoryTab />
            )}
          </Tabs>
        </div>
        <aside className="space-y-5" aria-label="Account and status">
          <AccountCard user={user} />
          {user && <LowCreditWarning credits={user.credits_remaining} />}
          <CostEstimatePanel
            estimate={estimate}
            lockedFormat={
              formatLocked
                ? {
                    format: outputFormat,
                    needs: cheapestPlanWithFormat(outputFormat),
                    current: plan,
                  }
                : undefined
            }
          />
          {isFreeTier(user) && <UpgradeCard />}
          <SystemStatusCard />
          {isFreeTier(user) && <AdSlot placement="sidebar" />}
        </aside>
      </div>
    </div>
  );
}

function useSampleParam(addFiles: (files: File[]) => void) {
  const [params, setParams] = useSearchParams();
  const loaded = useRef(false);
  const wantsSample = params.get('sample') === 'true';
  useEffect(() => {
    if (!wantsSample) {
      loaded.current = false;
      return;
    }
    if (loaded.current) return;
    loaded.current = true;
    createSampleImage()
      .then((file) => {
        addFiles([file]);
        toast.success(MESSAGES.sampleLoaded);
      })
      .catch((error: unknown) => console.error('Sample image failed', error));
    setParams(
      (p) => {
        p.delete('sample');
        return p;
      },
      { replace: true },
    );
  }, [wantsSample, addFiles, setParams]);
}
