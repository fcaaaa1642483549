import type { CloudProvider } from '@tracery/contracts';
import type { CloudConfig } from '../../config.js';
import { Dropbox } from './dropbox.js';
import { GoogleDrive } from './google-drive.js';
import { OneDrive } from './onedrive.js';
import type { CloudStorage } from './types.js';

export interface CloudProviderEntry {
  storage: CloudStorage;
  clientId: string;
  clientSecret: string | null;
}

/** The providers this server has a client id for. */
export function buildCloudProviders(
  config: CloudConfig,
): Partial<Record<CloudProvider, CloudProviderEntry>> {
  const entries: Partial<Record<CloudProvider, CloudProviderEntry>> = {};
  const c = config;
  if (c.googleDrive) entries.google_drive = entry(new GoogleDrive(c.googleDrive), c.googleDrive);
  if (c.dropbox) entries.dropbox = entry(new Dropbox(c.dropbox), c.dropbox);
  if (c.onedrive) entries.onedrive = entry(new OneDrive(c.onedrive), c.onedrive);
  return entries;
}

const entry = (
  storage: CloudStorage,
  config: { clientId: string; clientSecret?: string },
): CloudProviderEntry => ({
  storage,
  clientId: config.clientId,
  clientSecret: config.clientSecret ?? null,
});
