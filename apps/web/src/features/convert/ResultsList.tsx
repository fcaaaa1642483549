import { lazy, Suspense, useState } from 'react';
import { FORMATS } from '@tracery/contracts';
import type { ConversionResult } from '@tracery/contracts';
import { DownloadOrSave } from './DownloadButton';
import { formatCredits } from './types';
import { Panel } from '../../components/Panel';
import { ItemRow } from '../../components/ItemRow';

// The viewer loads on first use, so it costs the converter's first paint nothing.
const ResultViewer = lazy(() => import('../viewer/ResultViewer'));

interface Props {
  results: ConversionResult[];
  /** The uploaded file of each result, by result id, for the side-by-side comparison. */
  originals?: Record<string, File>;
}

export function ResultsList({ results, originals = {} }: Props) {
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Panel headingId="results-heading" title="Results" testId="download-area">
      {results.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Converted files appear here, ready to download.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {results.map((r) => (
            <ItemRow
              key={r.id}
              testId="conversion-result"
              className="gap-3 rounded-xl border border-line p-3"
              name={r.original_filename}
              details={`${FORMATS[r.output_format].label} · ${r.width}×${r.height} px · ${r.engine_used} engine · ${formatCredits(r.credits_cost)}`}
              below={<QualityLine result={r} />}
            >
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  aria-expanded={viewing === r.id}
                  onClick={() => setViewing(viewing === r.id ? null : r.id)}
                  className="rounded-lg border border-line bg-surface px-4 py-2 text-sm font-semibold hover:bg-canvas"
                >
                  {viewing === r.id ? 'Close viewer' : 'View'}
                </button>
                <DownloadOrSave conversion={r} />
              </div>
              {viewing === r.id && (
                <div className="basis-full">
                  <Suspense fallback={<p className="text-sm text-muted">Opening the viewer...</p>}>
                    <ResultViewer result={r} original={originals[r.id] ?? null} />
                  </Suspense>
                </div>
              )}
            </ItemRow>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function QualityLine({ result }: { result: ConversionResult }) {
  const scores = Object.entries(result.quality_comparison?.quality_scores ?? {});
  if (scores.length === 0) return null;
  return (
    <p className="text-xs text-muted">
      Quality:{' '}
      {scores.map(([engine, score], i) => (
        <span key={engine}>
          {i > 0 && ', '}
          {engine} {Math.round(score * (score <= 1 ? 100 : 1))}%
        </span>
      ))}
      {result.quality_comparison.recommended_engine && (
        <> · recommended: {result.quality_comparison.recommended_engine}</>
      )}
    </p>
  );
}
