import { useQuery } from '@tanstack/react-query';
import { fetchPaymentConfig } from './paymentApi';

/** Which providers the server runs, the PayPal client id and its hosted buttons per plan. */
export function usePaymentConfig() {
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: fetchPaymentConfig,
    staleTime: 300_000,
    retry: 0,
  });
}
