import { cheapestPlanWithFormat, FORMATS, OUTPUT_FORMATS } from '@tracery/contracts';
import type { ConversionResult } from '@tracery/contracts';
import { Link } from 'react-router';
import { useAuth, userPlan } from '../auth/useAuth';
import { DownloadButton } from '../convert/DownloadButton';

/**
 * The same result in the other formats: written by the server from the stored vector, so no
 * new trace and no credits; formats outside the plan show the plan that has them.
 */
export function OtherFormats({ result }: { result: ConversionResult }) {
  const { user } = useAuth();
  const plan = userPlan(user);
  const others = OUTPUT_FORMATS.filter((f) => f !== result.output_format);
  return (
    <section aria-labelledby={`formats-${result.id}`} className="mt-3" data-testid="viewer-formats">
      <h3 id={`formats-${result.id}`} className="text-sm font-semibold">
        Also download as <span className="font-normal text-muted">(no new credits)</span>
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {others.map((format) => (
          <li key={format}>
            {plan.formats.includes(format) ? (
              <DownloadButton
                url={`${result.result_url}?format=${format}`}
                originalName={result.original_filename}
                format={format}
                label={FORMATS[format].label}
                secondary
              />
            ) : (
              <Link
                to={`/pricing/${cheapestPlanWithFormat(format).base}`}
                className="inline-flex items-center gap-2 rounded-lg border border-dashed border-line px-4 py-2 text-sm text-muted hover:bg-canvas"
              >
                {FORMATS[format].label}
                <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold">
                  {cheapestPlanWithFormat(format).name} plan
                </span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
