import { z } from 'zod';

/** Cloud storage the results can be saved to (GET /api/cloud/connections, POST /api/cloud/saves). */
export const CLOUD_PROVIDERS = ['google_drive', 'dropbox', 'onedrive'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];
export const CloudProviderSchema = z.enum(CLOUD_PROVIDERS);

export const CLOUD_PROVIDER_NAMES: Record<CloudProvider, string> = {
  google_drive: 'Google Drive',
  dropbox: 'Dropbox',
  onedrive: 'OneDrive',
};

/**
 * `not_configured`: this server has no client id for the provider. `reconnect`: the provider
 * revoked or expired the grant; connecting again fixes it.
 */
export const CLOUD_CONNECTION_STATES = [
  'not_configured',
  'disconnected',
  'connected',
  'reconnect',
] as const;
export type CloudConnectionState = (typeof CLOUD_CONNECTION_STATES)[number];

/** Folder names inside the app's own folder: no path separators, no dot names. */
export const CloudFolderName = z
  .string()
  .trim()
  .min(1, 'Enter a folder name')
  .max(100, 'Folder names have at most 100 characters')
  .refine(
    (s) => !/[/\\:*?"<>|]/.test(s) && ![...s].some((c) => c < ' ') && s !== '.' && s !== '..',
    {
      message: 'A folder name cannot contain / \\ : * ? " < > | or control characters',
    },
  );

export const DEFAULT_CLOUD_FOLDER = 'Tracery';

export const CloudConnection = z.object({
  provider: CloudProviderSchema,
  name: z.string(),
  state: z.enum(CLOUD_CONNECTION_STATES),
  /** The provider account's name or address (connected or reconnect only). */
  account: z.string().nullable(),
  /** Where results are saved, as a path to show ("Apps/Tracery/Clients"). */
  folder: z.string().nullable(),
  /** The chosen subfolder of the app's folder ('' = the app's folder itself). */
  subfolder: z.string().nullable(),
});
export type CloudConnection = z.infer<typeof CloudConnection>;

export const CloudConnections = z.object({
  /** The account's plan includes cloud saving. */
  allowed: z.boolean(),
  /** The cheapest plan with cloud saving (for the badge when not allowed). */
  plan_required: z.string(),
  connections: z.array(CloudConnection),
});
export type CloudConnections = z.infer<typeof CloudConnections>;

/** POST /api/cloud/connections/{provider}/authorize: where the browser goes for consent. */
export const CloudAuthorization = z.object({ authorization_url: z.string() });

/** DELETE /api/cloud/connections/{provider}: whether the provider confirmed the revocation. */
export const CloudDisconnected = z.object({ revoked: z.boolean() });

export const CLOUD_SAVE_STATUSES = ['queued', 'uploading', 'done', 'failed', 'reconnect'] as const;
export type CloudSaveStatus = (typeof CLOUD_SAVE_STATUSES)[number];

/** What to save: one conversion, one batch item, or a whole batch (each file, or its ZIP). */
export const CloudSaveRequest = z.union([
  z.object({ provider: CloudProviderSchema, conversion_id: z.uuid('Unknown conversion id') }),
  z.object({
    provider: CloudProviderSchema,
    batch_id: z.uuid('Unknown batch id'),
    item_id: z.uuid('Unknown item id').optional(),
    /** A whole batch: each file into a subfolder named after the batch (default), or its ZIP. */
    as: z.enum(['folder', 'zip']).optional(),
  }),
]);
export type CloudSaveRequest = z.infer<typeof CloudSaveRequest>;

export const CloudSave = z.object({
  id: z.string(),
  provider: CloudProviderSchema,
  status: z.enum(CLOUD_SAVE_STATUSES),
  /** The file (or batch subfolder) name as it was saved; a clash gets a numbered name. */
  name: z.string(),
  conversion_id: z.string().nullable(),
  batch_id: z.string().nullable(),
  files_total: z.number().int(),
  files_done: z.number().int(),
  /** Opens the file (or folder) in the provider once done. */
  link: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type CloudSave = z.infer<typeof CloudSave>;

export const CloudSaveList = z.object({ saves: z.array(CloudSave) });
export type CloudSaveList = z.infer<typeof CloudSaveList>;

export const cloudSaveTerminal = (status: CloudSaveStatus) =>
  status === 'done' || status === 'failed' || status === 'reconnect';
