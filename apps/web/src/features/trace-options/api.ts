import { TraceDefaults, type ConversionOptions } from '@tracery/contracts';
import { api } from '../../lib/api';

const URL = '/account/trace-defaults';

export const fetchTraceDefaults = () => api(URL, { auth: true, schema: TraceDefaults });

export const saveTraceDefaults = (options: ConversionOptions) =>
  api(URL, { method: 'PUT', body: options, auth: true, schema: TraceDefaults });
