import { useQuery } from '@tanstack/react-query';
import { fetchPaymentConfig } from './paymentApi';
import { queryKeys } from '../../lib/queryKeys';

/** Which providers the server runs, the PayPal client id and its hosted buttons per plan. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: queryKeys.paymentConfig,
    queryFn: fetchPaymentConfig,
    staleTime: 300_000,
    retry: 0,
  });
}
