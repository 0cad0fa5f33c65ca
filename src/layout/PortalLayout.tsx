import { Box, LinearProgress } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { Layout, useGetIdentity, useLocaleState } from 'react-admin';
import { isLanguage } from '../domain/languages';
import { userKind, type SessionUser } from '../domain/user';
import { rememberLanguage } from '../providers/i18nProvider';
import { BannerStrip } from './BannerStrip';
import { DocumentTitleSync } from './DocumentTitleSync';
import { LiveUpdates } from './live/LiveUpdates';
import { PortalMenu } from './menus';
import { CustomerAppBar, StaffAppBar } from './PortalAppBar';

/** The user's profile language is the interface language: applied at login and on every change. */
function useProfileLanguage(user: SessionUser | undefined) {
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    if (user && isLanguage(user.language) && user.language !== locale) setLocale(user.language);
    if (isLanguage(locale)) rememberLanguage(locale);
    // Screen readers pronounce the page in its language; date fields and journeys read it too.
    document.documentElement.lang = locale;
  }, [user, locale, setLocale]);
}

/**
 * The content column may shrink below its widest table: wide tables scroll inside their card, never the page.
 * react-admin's layout root is `min-width: fit-content`, which would widen the whole page to the widest table.
 */
const layoutSx = { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } };

function Content({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ pt: 1, minWidth: 0 }}>
      <DocumentTitleSync />
      <LiveUpdates />
      <BannerStrip />
      {children}
    </Box>
  );
}

/** Staff get the full layout; customers the restricted portal layout. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { identity, isPending } = useGetIdentity();
  const user = identity as unknown as SessionUser | undefined;
  useProfileLanguage(user);
  // Choosing the layout before the user is known would remount the shell (and its title target) once it is.
  if (isPending) return <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />;
  if (user && userKind(user) === 'staff') {
    return (
      <Layout appBar={StaffAppBar} menu={PortalMenu} sx={layoutSx}>
        <Content>{children}</Content>
      </Layout>
    );
  }
  return (
    <Layout appBar={CustomerAppBar} menu={PortalMenu} sx={layoutSx}>
      <Content>{children}</Content>
    </Layout>
  );
}
