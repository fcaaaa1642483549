import { useEffect, useState, type ReactNode } from 'react';
import { SelectField } from '../../components/SelectField';
import { TRACE_OPTION_FIELDS } from '@tracery/contracts';
import { ChevronDownIcon } from '../../components/icons';
import { Panel } from '../../components/Panel';
import { useDisclosure } from '../../lib/useDisclosure';
import {
  changedCount,
  choiceLabel,
  fieldHelp,
  fieldKind,
  fieldLabel,
  type OptionValues,
} from './fields';
import type { TraceOptionsState } from './useTraceOptions';

/** Fields this panel lays out itself; any other field of the schema is listed generically. */
const LAID_OUT = new Set([
  'mode',
  'colors',
  'palette',
  'detail',
  'corner_threshold',
  'speckle',
  'stacking',
  'print_width',
  'print_height',
  'units',
]);

export const ADVANCED_ERROR_ID = 'advanced-options-error';

const inputClass =
  'mt-1 block w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-ink placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-red-700';

type ColourChoice = 'auto' | 'count' | 'palette';

/**
 * The "Advanced" section of /convert and /batch: the engine's options in words for people,
 * collapsed until asked for. Choices come from the contracts' schema, so values added there
 * appear here.
 */
export function AdvancedOptions({ state }: { state: TraceOptionsState }) {
  const { open, toggleProps } = useDisclosure('advanced-panel');
  const { values, setValue, checked } = state;
  const badField = checked.ok ? null : checked.field;
  const set = checked.ok ? changedCount(checked.options) : 0;

  const fieldProps = (name: string) => ({
    id: `advanced-${name}`,
    value: values[name] ?? '',
    'aria-invalid': badField === name ? true : undefined,
    'aria-describedby':
      [helpOf(name) ? `advanced-${name}-help` : '', badField === name ? ADVANCED_ERROR_ID : '']
        .filter(Boolean)
        .join(' ') || undefined,
  });
  const extra = TRACE_OPTION_FIELDS.filter((name) => !LAID_OUT.has(name));

  return (
    <Panel
      headingId="advanced-heading"
      testId="advanced-options"
      title={
        <button
          {...toggleProps}
          className="flex w-full items-center justify-between gap-3 rounded-lg text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-brand/40"
        >
          <span>
            Advanced options
            {set > 0 && ' '}
            {set > 0 && (
              <span className="ml-2 text-sm font-normal text-muted">({set} changed)</span>
            )}
          </span>
          <ChevronDownIcon size={20} className={open ? 'rotate-180' : ''} aria-hidden="true" />
        </button>
      }
    >
      {!checked.ok && (
        <p
          id={ADVANCED_ERROR_ID}
          role="alert"
          className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          {checked.message}
        </p>
      )}
      <div id="advanced-panel" hidden={!open} className="mt-4 space-y-5">
        <p className="text-sm text-muted">
          Everything starts on automatic: Tracery reads the image and decides. The preview follows
          your changes.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="mode">
            <ChoiceSelect name="mode" {...{ setValue, fieldProps }} />
          </Field>
          <Colours values={values} setValue={setValue} fieldProps={fieldProps} />
          <Detail values={values} setValue={setValue} />
          <Field name="stacking">
            <ChoiceSelect name="stacking" {...{ setValue, fieldProps }} />
          </Field>
          <NumberField name="corner_threshold" {...{ values, setValue, fieldProps }} />
          <NumberField name="speckle" {...{ values, setValue, fieldProps }} />
        </div>
        <fieldset aria-describedby="advanced-print-help">
          <legend className="text-sm font-medium">Print size</legend>
          <p id="advanced-print-help" className="text-xs text-muted">
            Leave empty to keep the image&apos;s size in pixels. Give a width or a height and the
            other follows the image&apos;s proportions.
          </p>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            <NumberField name="print_width" {...{ values, setValue, fieldProps }} />
            <NumberField name="print_height" {...{ values, setValue, fieldProps }} />
            <Field name="units">
              <ChoiceSelect name="units" {...{ setValue, fieldProps }} />
            </Field>
          </div>
        </fieldset>
        {extra.length > 0 && (
          <div className="grid gap-4 sm:grid-cols-2">
            {extra.map((name) => (
              <GenericField key={name} name={name} {...{ values, setValue, fieldProps }} />
            ))}
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-sm text-muted" data-testid="advanced-save-state">
            {saveText(state)}
          </p>
          <button
            type="button"
            onClick={() => state.setValues({})}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-canvas"
          >
            Reset to automatic
          </button>
        </div>
      </div>
    </Panel>
  );
}

/** Help in the panel's own words; a field without it shows the schema's description. */
const HELP: Partial<Record<string, string>> = {
  mode: 'What kind of picture this is. Automatic looks at the image and picks one.',
  stacking: 'How neighbouring shapes meet in the file.',
  corner_threshold:
    'Where an outline turns more sharply than this angle it keeps a sharp corner; a larger angle gives rounder shapes. Empty: automatic.',
  speckle:
    'Spots smaller than this area (dust, noise) join the shape around them. Empty: automatic.',
  colors: '',
  palette: 'Hex colours separated by commas; every shape takes the nearest of these.',
  print_width: '',
  print_height: '',
  units: '',
};

const helpOf = (name: string) => HELP[name] ?? fieldHelp(name);

function saveText(state: TraceOptionsState): string {
  if (!state.signedIn) return 'Sign in to keep these options for next time.';
  if (state.saving === 'saving') return 'Saving as your defaults...';
  if (state.saving === 'saved') return 'Saved as your defaults for next time.';
  if (state.saving === 'failed')
    return 'Your defaults could not be saved; the options still apply here.';
  return 'Your changes are saved as your defaults.';
}

const choicesOf = (name: string) => {
  const kind = fieldKind(name);
  return kind.kind === 'choice' ? kind.choices : [];
};

type FieldProps = (name: string) => {
  id: string;
  value: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};
interface Bound {
  values: OptionValues;
  setValue(name: string, value: string): void;
  fieldProps: FieldProps;
}

function FieldLabel({ name }: { name: string }) {
  return (
    <label htmlFor={`advanced-${name}`} className="block text-sm font-medium">
      {fieldLabel(name)}
    </label>
  );
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  const help = helpOf(name);
  return (
    <div className="min-w-0">
      <FieldLabel name={name} />
      {children}
      {help && (
        <p id={`advanced-${name}-help`} className="mt-1 text-xs text-muted">
          {help}
        </p>
      )}
    </div>
  );
}

/** What a choice field's empty value is called where not just "Automatic", and the choice that
 * means the same (not listed twice). */
const AUTOMATIC_CHOICE: Record<string, { label: string; same: string }> = {
  mode: { label: 'Automatic: picked from the image', same: 'auto' },
  units: { label: 'pixels (automatic)', same: 'px' },
};

function ChoiceSelect({ name, setValue, fieldProps }: Omit<Bound, 'values'> & { name: string }) {
  const automatic = AUTOMATIC_CHOICE[name];
  return (
    <select
      {...fieldProps(name)}
      onChange={(e) => setValue(name, e.target.value)}
      className={inputClass}
    >
      <option value="">{automatic?.label ?? 'Automatic'}</option>
      {choicesOf(name)
        .filter((c) => c !== automatic?.same)
        .map((c) => (
          <option key={c} value={c}>
            {choiceLabel(c)}
          </option>
        ))}
    </select>
  );
}

function NumberField(props: Bound & { name: string }) {
  return (
    <Field name={props.name}>
      <NumberInput {...props} />
    </Field>
  );
}

function NumberInput({ name, setValue, fieldProps }: Bound & { name: string }) {
  const kind = fieldKind(name);
  const bounds = kind.kind === 'number' ? kind : { min: undefined, max: undefined, whole: false };
  return (
    <input
      type="number"
      inputMode={bounds.whole ? 'numeric' : 'decimal'}
      min={bounds.min}
      max={bounds.max}
      step={bounds.whole ? 1 : 'any'}
      placeholder="Automatic"
      {...fieldProps(name)}
      onChange={(e) => setValue(name, e.target.value)}
      className={inputClass}
    />
  );
}

function Colours({ values, setValue, fieldProps }: Bound) {
  const derived: ColourChoice | null = values.palette ? 'palette' : values.colors ? 'count' : null;
  const [choice, setChoice] = useState<ColourChoice>(derived ?? 'auto');
  useEffect(() => {
    if (derived) setChoice(derived);
  }, [derived]);

  function choose(next: ColourChoice) {
    setChoice(next);
    if (next !== 'count') setValue('colors', '');
    if (next !== 'palette') setValue('palette', '');
    if (next === 'count' && !values.colors) setValue('colors', '8');
  }

  return (
    <div className="min-w-0">
      <SelectField id="advanced-colour-choice" label="Colours" value={choice} onValue={choose}>
        <option value="auto">Automatic: as many as the image needs</option>
        <option value="count">A set number of colours</option>
        <option value="palette">Only colours I choose</option>
      </SelectField>
      {choice === 'count' && (
        <div className="mt-2">
          <FieldLabel name="colors" />
          <NumberInput name="colors" {...{ values, setValue, fieldProps }} />
        </div>
      )}
      {choice === 'palette' && (
        <div className="mt-2">
          <FieldLabel name="palette" />
          <input
            type="text"
            placeholder="#1d3557, #e63946, #ffffff"
            spellCheck={false}
            {...fieldProps('palette')}
            onChange={(e) => setValue('palette', e.target.value)}
            className={inputClass}
          />
          <p id="advanced-palette-help" className="mt-1 text-xs text-muted">
            {helpOf('palette')}
          </p>
        </div>
      )}
    </div>
  );
}

function Detail({ values, setValue }: Omit<Bound, 'fieldProps'>) {
  const automatic = !values.detail;
  const value = Number(values.detail || 0.5);
  return (
    <div className="min-w-0">
      <FieldLabel name="detail" />
      <input
        id="advanced-detail"
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={value}
        disabled={automatic}
        aria-valuetext={`${Math.round(value * 100)}%`}
        aria-describedby="advanced-detail-help"
        onChange={(e) => setValue('detail', e.target.value)}
        className="mt-3 block w-full accent-brand disabled:opacity-50"
      />
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>Smoother</span>
        <span>{automatic ? 'Automatic' : `${Math.round(value * 100)}%`}</span>
        <span>Finer</span>
      </div>
      <label className="mt-1 inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={automatic}
          onChange={(e) => setValue('detail', e.target.checked ? '' : '0.5')}
        />
        Automatic detail
      </label>
      <p id="advanced-detail-help" className="mt-1 text-xs text-muted">
        Less smooths outlines and drops tiny parts; more follows every edge closely.
      </p>
    </div>
  );
}

function GenericField({ name, values, setValue, fieldProps }: Bound & { name: string }) {
  const kind = fieldKind(name);
  if (kind.kind === 'switch')
    return (
      <div className="min-w-0">
        <label className="inline-flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            id={`advanced-${name}`}
            checked={values[name] === 'true'}
            onChange={(e) => setValue(name, e.target.checked ? 'true' : '')}
          />
          {fieldLabel(name)}
        </label>
        {helpOf(name) && <p className="mt-1 text-xs text-muted">{helpOf(name)}</p>}
      </div>
    );
  return (
    <Field name={name}>
      {kind.kind === 'choice' ? (
        <ChoiceSelect name={name} {...{ setValue, fieldProps }} />
      ) : kind.kind === 'number' ? (
        <NumberInput name={name} {...{ values, setValue, fieldProps }} />
      ) : (
        <input
          type="text"
          placeholder="Automatic"
          {...fieldProps(name)}
          onChange={(e) => setValue(name, e.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );
}
