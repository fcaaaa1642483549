import type { QualityTier } from '@tracery/contracts';

/** Every TanStack Query key of the app, so invalidation and sign-out clearing name the same thing. */
export const queryKeys = {
  health: ['health'] as const,
  authConfig: ['auth-config'] as const,
  adsConfig: ['ads-config'] as const,
  paymentConfig: ['payment-config'] as const,
  subscription: ['subscription'] as const,
  guestClaim: (token: string) => ['guest-claim', token] as const,
  apiKeys: ['api-keys'] as const,
  team: ['team'] as const,
  cloud: {
    all: ['cloud'] as const,
    connections: (userId: string | undefined) => ['cloud', 'connections', userId] as const,
    saves: (userId: string | undefined) => ['cloud', 'saves', userId] as const,
  },
  /** One save being followed; outside `cloud`, so its ending refreshes the lists, not itself. */
  cloudSave: (id: string) => ['cloud-save', id] as const,
  history: {
    all: ['history'] as const,
    page: (userId: string | undefined, pageSize: number) => ['history', userId, pageSize] as const,
  },
  usage: (userId: string | undefined, days: number) => ['usage', userId, days] as const,
  traceDefaults: (userId: string | undefined) => ['trace-defaults', userId] as const,
  costEstimate: (fileSize: number, pixels: number, tier: QualityTier) =>
    ['cost-estimate', fileSize, pixels, tier] as const,
  imageSize: (fileId: string) => ['image-size', fileId] as const,
  svgText: (url: string) => ['svg-text', url] as const,
  admin: {
    all: ['admin'] as const,
    stats: ['admin', 'stats'] as const,
    users: (query: string) => ['admin', 'users', query] as const,
    outbox: (status: string) => ['admin', 'outbox', status] as const,
  },
};
