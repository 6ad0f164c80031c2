import { z } from 'zod'

import { latestArticleItemSchema } from './articles'
import { count, dataEnvelope, nullableText, recordId } from './envelope'
import { featuredProjectItemSchema } from './projects'
import { defineRoute } from './route'
import { homeSkillItemSchema } from './skills'

export const carouselItemSchema = z
  .strictObject({ id: recordId, title: z.string(), imageUrl: z.string(), linkUrl: nullableText })
  .meta({ id: 'Carousel' })

export type CarouselItem = z.infer<typeof carouselItemSchema>

export const homePayloadSchema = z
  .strictObject({
    hero: z.strictObject({ title: nullableText, subtitle: nullableText, avatar: nullableText, backgroundImage: nullableText }),
    stats: z.strictObject({
      articles: count.meta({ description: 'Published articles' }),
      projects: count.meta({ description: 'Published projects' }),
      views: count.meta({ description: 'Views of published articles and projects' }),
    }),
    carousels: z.array(carouselItemSchema),
    latestArticles: z.array(latestArticleItemSchema),
    featuredProjects: z.array(featuredProjectItemSchema),
    skills: z.array(homeSkillItemSchema),
  })
  .meta({ id: 'Home' })

export type HomePayload = z.infer<typeof homePayloadSchema>

export const getHome = defineRoute({
  method: 'get',
  path: '/home',
  operationId: 'getHome',
  tag: 'Site',
  summary: "The home page's payload",
  description: 'The same for every caller; cached, and cleared by any change to what it shows.',
  access: 'public',
  responses: { 200: { description: 'The home payload', json: dataEnvelope(homePayloadSchema) } },
})

export const homeRoutes = [getHome]
