import { useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useUserInfo } from '../features/auth/api/userInfo';
import { createQueryClient } from '../lib/queryClient';
import { SessionContext, useToken, type Session } from '../lib/session';

/** Exposes the signed-in user to every feature through lib/session. */
function SessionProvider({ children }: { children: ReactNode }) {
  const token = useToken();
  const { data, isPending } = useUserInfo();
  const session = useMemo<Session>(() => {
    const signedIn = !!token && !!data?.user;
    return {
      user: signedIn ? data.user : null,
      lingshi: signedIn ? (data.points ?? data.benefitPackage?.remainBeanCount ?? null) : null,
      loading: !!token && isPending,
      vipUser: signedIn && !!data.vipUser,
      isChatAllow: signedIn && !!data.isChatAllow,
      productType: signedIn ? (data.benefitPackage?.product?.productType ?? null) : null,
      benefitEndTime: signedIn ? (data.benefitPackage?.endTime ?? null) : null,
    };
  }, [token, data, isPending]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
