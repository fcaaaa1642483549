import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { PRINT_UNITS, TRACE_MODES, TRACE_OPTION_FIELDS } from '@tracery/contracts';
import { AdvancedOptions } from '../src/features/trace-options/AdvancedOptions';
import {
  appendOptions,
  checkOptions,
  fieldKind,
  toOptionValues,
  type OptionValues,
} from '../src/features/trace-options/fields';

function Harness({ start = {} }: { start?: OptionValues }) {
  const [values, setValues] = useState<OptionValues>(start);
  const checked = useMemo(() => checkOptions(values), [values]);
  return (
    <AdvancedOptions
      state={{
        values,
        setValues,
        setValue: (name, value) => setValues((v) => ({ ...v, [name]: value })),
        checked,
        saving: 'idle',
        signedIn: false,
      }}
    />
  );
}

describe('the Advanced options panel', () => {
  it('is a collapsed disclosure that opens with its button', () => {
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: /Advanced options/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Image type' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Image type' })).toBeVisible();
  });

  it('offers every mode, unit and option field of the contracts schema', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /Advanced options/ }));
    const modes = within(screen.getByLabelText('Image type')).getAllByRole('option');
    // 'auto' is the empty (automatic) choice.
    expect(modes).toHaveLength(TRACE_MODES.length);
    const units = within(screen.getByLabelText('Units')).getAllByRole('option');
    expect(units).toHaveLength(PRINT_UNITS.length);
    const panel = screen.getByTestId('advanced-options');
    for (const name of TRACE_OPTION_FIELDS) {
      if (name === 'colors' || name === 'palette') continue; // shown once chosen under Colours
      expect(panel.querySelector(`#advanced-${name}`), name).not.toBeNull();
    }
  });

  it('reads number bounds from the schema', () => {
    expect(fieldKind('colors')).toEqual({ kind: 'number', min: 2, max: 256, whole: true });
    expect(fieldKind('detail')).toMatchObject({ kind: 'number', min: 0, max: 1, whole: false });
    expect(fieldKind('units')).toEqual({ kind: 'choice', choices: PRINT_UNITS });
    expect(fieldKind('dxf_background')).toEqual({ kind: 'switch' });
    expect(fieldKind('dxf_curves')).toMatchObject({ kind: 'choice' });
  });

  it('words a wrong value for people and points the field at it', () => {
    render(<Harness start={{ colors: '1' }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Number of colours must be a whole number from 2 to 256.');
    fireEvent.click(screen.getByRole('button', { name: /Advanced options/ }));
    const input = screen.getByLabelText('Number of colours');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    fireEvent.change(input, { target: { value: '4' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: /Advanced options \(1 changed\)/ })).toBeVisible();
  });

  it('names other fields in words, not field names', () => {
    const both = checkOptions({ colors: '4', palette: '#000000,#ffffff' });
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.message).not.toMatch(/colors|palette|_/);
    const units = checkOptions({ units: 'mm' });
    if (!units.ok) expect(units.message).toBe('Units: give width or height in mm.');
  });

  it('round-trips saved options through the panel and into form fields', () => {
    const values = toOptionValues({ colors: 4, palette: undefined, print_width: 100, units: 'mm' });
    expect(values).toEqual({ colors: '4', print_width: '100', units: 'mm' });
    const checked = checkOptions(values);
    expect(checked.ok).toBe(true);
    const form = new FormData();
    if (checked.ok) appendOptions(form, checked.options);
    expect(Object.fromEntries(form)).toEqual({ colors: '4', print_width: '100', units: 'mm' });
    expect(toOptionValues({ palette: ['#000000', '#ffffff'] })).toEqual({
      palette: '#000000, #ffffff',
    });
  });
});
