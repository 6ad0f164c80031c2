import { adminArticleContracts } from './admin/articles'
import { adminCarouselContracts } from './admin/carousels'
import { adminCategoryContracts } from './admin/categories'
import { adminRoutesOf } from './admin/crud'
import { adminProjectContracts } from './admin/projects'
import { adminResourceContracts } from './admin/resources'
import { adminStatsRoutes } from './admin/stats'
import { articleRoutes } from './articles'
import { authRoutes } from './auth'
import { feedRoutes } from './feeds'
import { galleryRoutes } from './galleries'
import { healthRoutes } from './health'
import { homeRoutes } from './home'
import { projectRoutes } from './projects'
import { resourceRoutes } from './resources'
import type { ApiRoute } from './route'
import { searchRoutes } from './search'
import { sitemapRoutes } from './sitemap'
import { skillRoutes } from './skills'
import { wallMessageRoutes } from './wallMessages'

/** Every route of `/api` (the description's own two aside), in the order the reference shows them. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...homeRoutes,
  ...skillRoutes,
  ...articleRoutes,
  ...projectRoutes,
  ...resourceRoutes,
  ...galleryRoutes,
  ...wallMessageRoutes,
  ...searchRoutes,
  ...feedRoutes,
  ...sitemapRoutes,
  ...authRoutes,
  ...healthRoutes,
  ...[adminArticleContracts, adminProjectContracts, adminResourceContracts, adminCategoryContracts, adminCarouselContracts].flatMap(adminRoutesOf),
  ...adminStatsRoutes,
]
