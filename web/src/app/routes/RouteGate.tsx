import { useEffect, type ComponentType } from 'react';
import { AdminPage } from '../../features/admin/components/AdminPage';
import { MemberPage } from '../../features/benefits/components/MemberPage';
import { CutoutPage } from '../../features/cutout/components/CutoutPage';
import {
  CustomizedAnimalPage,
  CustomizedModelsPage,
  MannequinPage,
  ModelPhotoPage,
  ShoesPage,
  TryonPage,
  WigPage,
} from '../../features/diffusion/components/pages';
import { PosterPage, PosterResultPage, TemplateEditPage, TemplatePage } from '../../features/poster/components/PosterPages';
import { PublicityPage } from '../../features/poster/components/PublicityPage';
import { QrCodePage } from '../../features/qr-code/components/QrCodePage';
import { BatchCopyBgPage } from '../../features/product-image/components/BatchCopyBgPage';
import { ProductBgPage, ProductImagePage } from '../../features/product-image/components/ProductImagePage';
import { RewriteBackgroundPage } from '../../features/rewrite-background/components/RewriteBackgroundPage';
import { RewriteImagePage } from '../../features/text-rewrite/components/RewriteImagePage';
import { RewriteVideoPage } from '../../features/text-rewrite/components/RewriteVideoPage';
import { RewriteArticlePage } from '../../features/text-rewrite/components/RewriteArticlePage';
import { RewriteTextPage } from '../../features/text-rewrite/components/RewriteTextPage';
import { TopicGeneratePage } from '../../features/text-rewrite/components/TopicGeneratePage';
import { VideoPage } from '../../features/video/components/VideoPage';
import { PersonalSettingPage } from '../../features/settings/components/PersonalSettingPage';
import { useAppConfig } from '../../lib/config';
import { openLoginDialog, useSession } from '../../lib/session';
import { HomePage } from '../pages/HomePage';
import { PersonalCenterPage } from '../pages/PersonalCenterPage';
import { ForbiddenPage, LoadingPage, LoginRequiredPage, NotAvailablePage } from '../pages/StatusPages';
import { UserAgreementPage } from '../pages/UserAgreementPage';
import { useGuardContext } from '../shell';
import { routeAccess } from './guards';
import type { PageId, RouteDef } from './registry';

const PAGES: Record<PageId, ComponentType> = {
  home: HomePage,
  cutout: CutoutPage,
  member: MemberPage,
  personalCenter: PersonalCenterPage,
  personalSetting: PersonalSettingPage,
  userAgreement: UserAgreementPage,
  forbidden: ForbiddenPage,
  admin: AdminPage,
  mannequin: MannequinPage,
  modelPhoto: ModelPhotoPage,
  shoes: ShoesPage,
  wig: WigPage,
  customizedModels: CustomizedModelsPage,
  customizedAnimal: CustomizedAnimalPage,
  tryon: TryonPage,
  qrCode: QrCodePage,
  productImage: ProductImagePage,
  rewriteBackground: RewriteBackgroundPage,
  productBg: ProductBgPage,
  batchCopyBg: BatchCopyBgPage,
  video: VideoPage,
  rewriteText: RewriteTextPage,
  rewriteArticle: RewriteArticlePage,
  topicGenerate: TopicGeneratePage,
  rewriteImage: RewriteImagePage,
  rewriteVideo: RewriteVideoPage,
  poster: PosterPage,
  posterTemplates: TemplatePage,
  posterEdit: TemplateEditPage,
  posterResult: PosterResultPage,
  publicity: PublicityPage,
};

/**
 * Renders a registry route through the guards: the page, the login-required
 * page (and the login dialog), the 403 page, or "not available yet".
 */
export function RouteGate({ def }: { def: RouteDef }) {
  const { loaded } = useAppConfig();
  const { loading } = useSession();
  const ctx = useGuardContext();
  const access = routeAccess(def, ctx);
  // Guards that read the user wait for the user info of a stored token.
  const waiting = !loaded || (loading && def.guards.length > 0);

  useEffect(() => {
    if (!waiting && access === 'login') openLoginDialog();
  }, [waiting, access, def.path]);

  if (waiting) return <LoadingPage />;
  switch (access) {
    case 'forbidden':
      return <ForbiddenPage />;
    case 'not-available':
      return <NotAvailablePage def={def} />;
    case 'login':
      return <LoginRequiredPage def={def} />;
    case 'ok': {
      const Page = def.page ? PAGES[def.page] : null;
      return Page ? <Page /> : <NotAvailablePage def={def} />;
    }
  }
}
