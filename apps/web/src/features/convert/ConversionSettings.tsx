import { Link } from 'react-router';
import { SelectField } from '../../components/SelectField';
import {
  FORMATS,
  OUTPUT_FORMATS,
  cheapestPlanWithFormat,
  type OutputFormat,
  type Plan,
  type QualityTier,
} from '@tracery/contracts';
import { Panel } from '../../components/Panel';
import type { ConversionSettingsState } from './useConversionSettings';

interface Props {
  settings: ConversionSettingsState;
  /** The plan the conversion runs on (free for visitors). */
  plan: Plan;
}

export function ConversionSettings({ settings, plan }: Props) {
  const { outputFormat, tier, setOutputFormat, setTier } = settings;
  const locked = OUTPUT_FORMATS.filter((f) => !plan.formats.includes(f));
  const selectedLocked = locked.includes(outputFormat);

  return (
    <Panel headingId="settings-heading" title="Conversion settings" testId="conversion-settings">
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <SelectField<OutputFormat>
          id="output-format"
          label="Output format"
          value={outputFormat}
          onValue={setOutputFormat}
        >
          {OUTPUT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMATS[f].label}
              {locked.includes(f) ? ` (${cheapestPlanWithFormat(f).name} plan)` : ''}
            </option>
          ))}
        </SelectField>
        <SelectField<QualityTier>
          id="quality-tier"
          label="Quality tier"
          value={tier}
          onValue={setTier}
        >
          <option value="standard">Standard</option>
          <option value="economy">Economy (-40%)</option>
        </SelectField>
      </div>
      <p className="mt-3 text-sm text-muted">
        {tier === 'economy'
          ? 'Economy uses the fast engine: fewer colours and coarser curves for 40% fewer credits.'
          : 'Standard uses the precision engine for the cleanest curves and exact colours.'}
      </p>
      {locked.length > 0 && (
        <ul
          className="mt-2 flex flex-wrap gap-2 text-xs"
          aria-label="Formats that need a paid plan"
        >
          {locked.map((f) => (
            <li
              key={f}
              className="rounded-full bg-amber-100 px-2.5 py-1 font-medium text-amber-900"
            >
              {FORMATS[f].label}: {cheapestPlanWithFormat(f).name} plan
            </li>
          ))}
        </ul>
      )}
      {selectedLocked && (
        <p
          role="note"
          id="format-upgrade"
          data-testid="format-upgrade"
          className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          {FORMATS[outputFormat].label} output is included from the{' '}
          {cheapestPlanWithFormat(outputFormat).name} plan. Your plan converts to{' '}
          {plan.formats.map((f) => FORMATS[f].label).join(' and ')}.{' '}
          <Link
            to={`/pricing/${cheapestPlanWithFormat(outputFormat).base}`}
            className="font-semibold underline"
          >
            Upgrade to {cheapestPlanWithFormat(outputFormat).name}
          </Link>
        </p>
      )}
    </Panel>
  );
}
