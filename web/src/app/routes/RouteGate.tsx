import { useEffect, type ComponentType } from 'react';
import { AdminPage } from '../../features/admin/components/AdminPage';
import { HotspotSourcesPage } from '../../features/admin/components/HotspotSourcesPage';
import { MemberPage } from '../../features/benefits/components/MemberPage';
import { ContentCalendarPage, HotCalendarPage, TravelCalendarPage } from '../../features/calendar/components/CalendarPages';
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
import { PosterMaterialRoute } from '../../features/poster-material/components/PosterMaterialRoute';
import { CalendarMonthView } from '../../features/calendar/components/CalendarMonthView';
import { HotImmediatePage, HotNotesPage, HotVideosPage, HotWordListPage, PopularContentPage } from '../../features/hotspots/components/HotListPages';
import { HotTopicListPage } from '../../features/hotspots/components/HotTopicListPage';
import { StatisticsPage } from '../../features/statistics/components/StatisticsPage';
import { WorkbenchPage } from '../../features/workbench/components/WorkbenchPage';
import { IdeaReportPage } from '../../features/ideas/components/IdeaReportPage';
import { ContentPage } from '../../features/content/components/ContentPage';
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
import { useGuardContext, useRouteSet } from '../shell';
import { routeAccess } from './guards';
import type { PageId, RouteDef } from './registry';

/** The materials library, laid out for the route set (its "use in a poster" opens that set's editor). */
function PosterMaterialPage() {
  return <PosterMaterialRoute mobile={useRouteSet() === 'mobile'} />;
}

/** The hot lists for the route set; the CALENDAR tab is the calendar feature's month view (features do not import each other). */
function HotTopicsPage() {
  const mobile = useRouteSet() === 'mobile';
  return <HotTopicListPage mobile={mobile} calendar={<CalendarMonthView compact={mobile} />} />;
}

/** A single hot list laid out for the route set. */
function forRouteSet(Page: ComponentType<{ mobile?: boolean }>): ComponentType {
  return function InRouteSet() {
    return <Page mobile={useRouteSet() === 'mobile'} />;
  };
}

const PAGES: Record<PageId, ComponentType> = {
  home: HomePage,
  cutout: CutoutPage,
  member: MemberPage,
  personalCenter: PersonalCenterPage,
  personalSetting: PersonalSettingPage,
  userAgreement: UserAgreementPage,
  forbidden: ForbiddenPage,
  admin: AdminPage,
  adminHotspotSources: HotspotSourcesPage,
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
  posterMaterial: PosterMaterialPage,
  contentCalendar: ContentCalendarPage,
  hotCalendar: HotCalendarPage,
  travelCalendar: TravelCalendarPage,
  hotTopics: HotTopicsPage,
  hotWords: forRouteSet(HotWordListPage),
  hotImmediate: forRouteSet(HotImmediatePage),
  hotNotes: forRouteSet(HotNotesPage),
  hotVideos: forRouteSet(HotVideosPage),
  popularContent: forRouteSet(PopularContentPage),
  workbench: forRouteSet(WorkbenchPage),
  statistics: forRouteSet(StatisticsPage),
  ideaReport: forRouteSet(IdeaReportPage),
  mottContent: forRouteSet(ContentPage),
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
