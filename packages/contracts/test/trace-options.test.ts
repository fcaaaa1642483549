import { describe, expect, it } from 'vitest';
import { parseTraceOptions, TRACE_OPTIONS_DOC } from '../src/trace-options.js';

describe('conversion options', () => {
  it('reads form fields into typed options; empty fields are absent', () => {
    expect(
      parseTraceOptions({
        mode: 'bw',
        detail: '0.8',
        corner_threshold: '60',
        speckle: '',
        palette: '#000000, #ffffff',
        stacking: 'cutout',
        print_width: '100',
        units: 'mm',
        dxf_curves: 'spline',
        dxf_background: 'false',
        output_format: 'svg',
      }),
    ).toEqual({
      ok: true,
      options: {
        mode: 'bw',
        detail: 0.8,
        corner_threshold: 60,
        palette: ['#000000', '#ffffff'],
        stacking: 'cutout',
        print_width: 100,
        units: 'mm',
        dxf_curves: 'spline',
        dxf_background: false,
      },
    });
  });

  it('names the field that is wrong', () => {
    const detail = (fields: Record<string, string>) => {
      const parsed = parseTraceOptions(fields);
      return parsed.ok ? 'ok' : parsed.detail;
    };
    expect(detail({ colors: '1' })).toBe('colors: must be a whole number from 2 to 256');
    expect(detail({ colors: '2.5' })).toBe('colors: must be a whole number from 2 to 256');
    expect(detail({ colors: 'many' })).toMatch(/^colors: must be a number/);
    expect(detail({ mode: 'sketch' })).toMatch(/^mode: must be one of auto, color/);
    expect(detail({ mode: 'centerline' })).toBe('ok');
    expect(detail({ detail: '3' })).toBe('detail: must be a number from 0 to 1');
    expect(detail({ palette: '#000000,red' })).toBe('palette.1: colours are written #rrggbb');
    expect(detail({ colors: '4', palette: '#000000,#ffffff' })).toMatch(/^colors: give either/);
    expect(detail({ units: 'mm' })).toBe('units: give print_width or print_height in mm');
    expect(detail({ dxf_curves: 'bezier' })).toBe('dxf_curves: must be one of polyline, spline');
    expect(detail({ dxf_background: 'yes' })).toBe('dxf_background: must be true or false');
  });

  it('documents every field', () => {
    for (const field of [
      'mode',
      'colors',
      'palette',
      'detail',
      'corner_threshold',
      'speckle',
      'dxf_curves',
      'dxf_background',
    ])
      expect(TRACE_OPTIONS_DOC).toContain(`${field}`);
    expect(TRACE_OPTIONS_DOC).not.toContain('undefined');
  });
});
