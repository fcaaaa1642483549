import { FORMATS } from '@tracery/contracts';
import type { ConversionResult } from '@tracery/contracts';
import { DownloadButton } from './DownloadButton';
import { formatCredits } from './types';

export function ResultsList({ results }: { results: ConversionResult[] }) {
  return (
    <section
      data-testid="download-area"
      aria-labelledby="results-heading"
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="results-heading" className="text-lg font-semibold">
        Results
      </h2>
      {results.length === 0 ? (
        <p className="mt-2 text-sm text-muted">Converted files appear here, ready to download.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {results.map((r) => (
            <li
              key={r.id}
              data-testid="conversion-result"
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-3"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{r.original_filename}</p>
                <p className="text-sm text-muted">
                  {FORMATS[r.output_format].label} · {r.width}×{r.height} px · {r.engine_used}{' '}
                  engine · {formatCredits(r.credits_cost)}
                </p>
                <QualityLine result={r} />
              </div>
              <DownloadButton
                url={r.result_url}
                originalName={r.original_filename}
                format={r.output_format}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
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
