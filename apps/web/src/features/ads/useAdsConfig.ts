import { useQuery } from '@tanstack/react-query';
import { AdsConfigSchema, type AdsConfig } from '@tracery/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/** The ad network of this deployment (ADS_CLIENT_ID on the server), or house ads only. */
export function useAdsConfig(): AdsConfig | undefined {
  return useQuery({
    queryKey: queryKeys.adsConfig,
    queryFn: () => api('/system/ads', { schema: AdsConfigSchema }),
    staleTime: Infinity,
  }).data;
}
