import {
  CloudAuthorization,
  CloudConnections,
  CloudDisconnected,
  CloudSave,
  CloudSaveList,
  type CloudProvider,
  type CloudSaveRequest,
} from '@tracery/contracts';
import { api } from '../../lib/api';

/** The cloud storage calls (/api/cloud/…). */
export const fetchConnections = () =>
  api('/cloud/connections', { auth: true, schema: CloudConnections });

/** Starts the provider's consent; the browser then goes to the URL (the server set a cookie). */
export const startConnect = (provider: CloudProvider) =>
  api(`/cloud/connections/${provider}/authorize`, {
    method: 'POST',
    auth: true,
    schema: CloudAuthorization,
  });

export const disconnectProvider = (provider: CloudProvider) =>
  api(`/cloud/connections/${provider}`, {
    method: 'DELETE',
    auth: true,
    schema: CloudDisconnected,
  });

export const chooseFolder = (provider: CloudProvider, folder: string) =>
  api(`/cloud/connections/${provider}`, {
    method: 'PATCH',
    auth: true,
    body: { folder },
    schema: CloudConnections,
  });

export const createSave = (request: CloudSaveRequest) =>
  api('/cloud/saves', { auth: true, body: request, schema: CloudSave });

export const fetchSave = (id: string) =>
  api(`/cloud/saves/${encodeURIComponent(id)}`, { auth: true, schema: CloudSave });

export const fetchSaves = () => api('/cloud/saves?limit=10', { auth: true, schema: CloudSaveList });
