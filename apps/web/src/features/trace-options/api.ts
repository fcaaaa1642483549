import type { ConversionOptions } from '@tracery/contracts';
import { api } from '../../lib/api';

const URL = '/account/trace-defaults';

export const fetchTraceDefaults = () => api<Record<string, unknown>>(URL, { auth: true });

export const saveTraceDefaults = (options: ConversionOptions) =>
  api<Record<string, unknown>>(URL, { method: 'PUT', body: options, auth: true });
