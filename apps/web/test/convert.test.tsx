import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { FileRejection } from 'react-dropzone';
import { MemoryRouter } from 'react-router';
import { PLANS } from '@tracery/contracts';
import { CostEstimatePanel } from '../src/features/convert/CostEstimatePanel';
import { ConversionSettings } from '../src/features/convert/ConversionSettings';
import { rejectionMessage, rejectionMessages } from '../src/features/convert/rejections';
import { formatCredits } from '../src/features/convert/types';
import { outputFilename } from '../src/lib/api';

describe('cost estimate', () => {
  it('formats credits with the right plural', () => {
    expect(formatCredits(1)).toBe('1 credit');
    expect(formatCredits(0.6)).toBe('0.6 credits');
    expect(formatCredits(1.2000000001)).toBe('1.2 credits');
    expect(formatCredits(25)).toBe('25 credits');
  });

  it('shows the estimate, breakdown and suggestions', () => {
    render(
      <CostEstimatePanel
        estimate={{
          credits: 0.6,
          breakdown: { base: 1, size_factor: 1, quality_adjustment: -0.4, total: 0.6 },
          suggestions: ['Economy saves 40%'],
          confirmed: true,
        }}
      />,
    );
    expect(screen.getByTestId('cost-estimate')).toHaveTextContent('0.6 credits');
    expect(screen.getByText('Economy saves 40%')).toBeInTheDocument();
  });

  it('invites to add a file when there is nothing to estimate', () => {
    render(<CostEstimatePanel estimate={null} />);
    expect(screen.queryByTestId('cost-estimate')).toBeNull();
  });
});

describe('upload rejections', () => {
  it('turns each dropzone code into readable text', () => {
    expect(rejectionMessage('file-invalid-type', 'a.tiff')).toBe(
      'a.tiff is not a supported image. Use JPG, PNG, GIF or BMP.',
    );
    expect(rejectionMessage('file-too-large', 'big.png', { maxSize: 10 * 1024 * 1024 })).toBe(
      'big.png is too large. The limit is 10 MB.',
    );
    expect(rejectionMessage('file-too-small', 'empty.png')).toMatch(/empty or too small/);
    expect(rejectionMessage('too-many-files', 'x.png', { maxFiles: 5 })).toBe(
      'Too many files: add at most 5 at a time.',
    );
  });

  it('reports too-many-files once for the whole drop', () => {
    const rej = (name: string, code: string) =>
      ({
        file: new File(['x'], name),
        errors: [{ code, message: code }],
      }) as unknown as FileRejection;
    const messages = rejectionMessages(
      [
        rej('a.png', 'too-many-files'),
        rej('b.png', 'too-many-files'),
        rej('c.txt', 'file-invalid-type'),
      ],
      { maxFiles: 1 },
    );
    expect(messages).toHaveLength(2);
  });
});

/** The settings of a Free account with `outputFormat` chosen. */
const freeSettings = (outputFormat: 'svg' | 'eps') => (
  <ConversionSettings
    settings={{ outputFormat, tier: 'standard', setOutputFormat: () => {}, setTier: () => {} }}
    plan={PLANS.free}
  />
);

describe('conversion settings', () => {
  it('offers the four formats and two tiers under their labels', () => {
    render(freeSettings('svg'));
    const box = screen.getByTestId('conversion-settings');
    const format = within(box).getByLabelText('Output format');
    expect([...format.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['svg', 'SVG'],
      ['pdf', 'PDF'],
      ['eps', 'EPS (Basic plan)'],
      ['dxf', 'DXF (Basic plan)'],
    ]);
    const tier = within(box).getByLabelText('Quality tier');
    expect([...tier.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'standard',
      'economy',
    ]);
    expect(within(box).getByText('EPS: Basic plan')).toBeInTheDocument();
  });

  it('a format outside the plan says which plan has it and links to it', () => {
    render(<MemoryRouter>{freeSettings('eps')}</MemoryRouter>);
    const note = screen.getByTestId('format-upgrade');
    expect(note).toHaveTextContent('EPS output is included from the Basic plan');
    expect(within(note).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute(
      'href',
      '/pricing/basic',
    );
  });

  it('the estimate for a format outside the plan says so instead of a price', () => {
    render(
      <CostEstimatePanel
        estimate={{
          credits: 1,
          breakdown: { base: 1, size_factor: 1, quality_adjustment: 0, total: 1 },
          suggestions: [],
          confirmed: true,
        }}
        lockedFormat={{ format: 'dxf', needs: PLANS.basic, current: PLANS.free }}
      />,
    );
    expect(screen.getByTestId('cost-estimate')).toHaveTextContent(
      'Not in your planDXF needs the Basic plan. As SVG or PDF on your plan, this image costs 1 credit.',
    );
  });
});

describe('helpers', () => {
  it('names downloads after the original file', () => {
    expect(outputFilename('logo.png', 'svg')).toBe('logo.svg');
    expect(outputFilename('archive.tar.bmp', 'pdf')).toBe('archive.tar.pdf');
    expect(outputFilename('noext', 'dxf')).toBe('noext.dxf');
  });
});
