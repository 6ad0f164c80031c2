import type { Site } from '../../payload-types'
import type { HomePayload } from '../contracts/home'
import { latestArticleItem } from './article'
import { carouselItem } from './carousel'
import { optionalString } from './common'
import { featuredProjectItem } from './project'
import { homeSkillItem } from './skill'

type PublishedStats = { count: number; views: number }

export type HomeParts = {
  site: Pick<Site, 'hero'>
  articleStats: PublishedStats
  projectStats: PublishedStats
  carousels: Parameters<typeof carouselItem>[0][]
  latestArticles: Parameters<typeof latestArticleItem>[0][]
  featuredProjects: Parameters<typeof featuredProjectItem>[0][]
  skills: Parameters<typeof homeSkillItem>[0][]
}

export const homePayload = ({ site, articleStats, projectStats, ...lists }: HomeParts): HomePayload => ({
  hero: {
    title: optionalString(site.hero?.title),
    subtitle: optionalString(site.hero?.subtitle),
    avatar: optionalString(site.hero?.avatar),
    backgroundImage: optionalString(site.hero?.backgroundImage),
  },
  stats: {
    articles: articleStats.count,
    projects: projectStats.count,
    views: articleStats.views + projectStats.views,
  },
  carousels: lists.carousels.map(carouselItem),
  latestArticles: lists.latestArticles.map(latestArticleItem),
  featuredProjects: lists.featuredProjects.map(featuredProjectItem),
  skills: lists.skills.map(homeSkillItem),
})
