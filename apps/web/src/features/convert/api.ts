import {
  COMPLEXITY_DEFAULT,
  ConversionResult,
  CostEstimate,
  Health,
  HistoryResponse,
  type ConversionOptions,
  type OutputFormat,
  type QualityTier,
} from '@tracery/contracts';
import { api } from '../../lib/api';
import { appendOptions } from '../trace-options/fields';

export function uploadConversion(
  file: File,
  outputFormat: OutputFormat,
  tier: QualityTier,
  options: ConversionOptions = {},
): Promise<ConversionResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('output_format', outputFormat);
  form.append('quality_tier', tier);
  appendOptions(form, options);
  return api('/convert/upload', {
    method: 'POST',
    body: form,
    auth: true,
    schema: ConversionResult,
  });
}

export function fetchHistory(page = 1, pageSize = 20): Promise<HistoryResponse> {
  return api(`/convert/history?page=${page}&page_size=${pageSize}`, {
    auth: true,
    schema: HistoryResponse,
  });
}

export function fetchCostEstimate(
  fileSize: number,
  size: { width: number; height: number } | null,
  tier: QualityTier,
  signal?: AbortSignal,
): Promise<CostEstimate> {
  const q = new URLSearchParams({
    file_size: String(fileSize),
    ...(size ? { width: String(size.width), height: String(size.height) } : {}),
    complexity: String(COMPLEXITY_DEFAULT),
    quality_tier: tier,
  });
  return api(`/analytics/credit-optimization?${q}`, { auth: true, signal, schema: CostEstimate });
}

export function fetchHealth(): Promise<Health> {
  return api('/system/health', { schema: Health });
}
