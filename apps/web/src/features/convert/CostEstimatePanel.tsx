import { FORMATS } from '@tracery/contracts';
import type { OutputFormat, Plan } from '@tracery/contracts';
import type { CostView } from './useCostEstimate';
import { formatCredits } from './types';
import { Panel } from '../../components/Panel';

interface Props {
  estimate: CostView | null;
  /** Set when the chosen format is outside the plan: no credit price applies until upgrading. */
  lockedFormat?: { format: OutputFormat; needs: Plan; current: Plan };
}

export function CostEstimatePanel({ estimate, lockedFormat }: Props) {
  return (
    <Panel headingId="cost-heading" title="Estimated cost">
      {lockedFormat ? (
        <div data-testid="cost-estimate" aria-live="polite">
          <p className="mt-2 text-xl font-bold">Not in your plan</p>
          <p className="mt-1 text-sm text-muted">
            {FORMATS[lockedFormat.format].label} needs the {lockedFormat.needs.name} plan.
            {estimate &&
              ` As ${lockedFormat.current.formats.map((f) => FORMATS[f].label).join(' or ')} on your plan, this image costs ${formatCredits(estimate.credits)}.`}
          </p>
        </div>
      ) : estimate ? (
        <>
          <p
            className="mt-2 text-3xl font-bold text-brand"
            data-testid="cost-estimate"
            aria-live="polite"
          >
            {formatCredits(estimate.credits)}
          </p>
          <p className="text-sm text-muted">per image, for the newest file in the queue</p>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Base</dt>
            <dd className="text-right">{estimate.breakdown.base}</dd>
            <dt className="text-muted">Size factor</dt>
            <dd className="text-right">×{estimate.breakdown.size_factor}</dd>
            <dt className="text-muted">Quality adjustment</dt>
            <dd className="text-right">{estimate.breakdown.quality_adjustment}</dd>
            <dt className="font-medium">Total</dt>
            <dd className="text-right font-medium">{estimate.breakdown.total}</dd>
          </dl>
          {estimate.suggestions.length > 0 && (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted">
              {estimate.suggestions.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">
          Add an image to see what it will cost. Standard costs 1 credit, economy 0.6.
        </p>
      )}
    </Panel>
  );
}
