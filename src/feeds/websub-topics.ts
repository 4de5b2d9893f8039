/** The WebSub topics of INTERFACE.md: three renderings of the same review data, and where their hub is. */
import type { Representation } from '../http/representation'

export const TOPIC_PATHS = ['feed.xml', 'api/feed.json', 'reviews.json'] as const
export type TopicPath = (typeof TOPIC_PATHS)[number]

/** The hub's path under BASE_URL: the one place it is written. */
export const HUB_PATH = '/api/websub/hub'

/** What the hub needs from the data side: the current bytes of a topic, and word when they change. */
export interface TopicSource {
  topic(path: TopicPath): Representation
  /** Called with only the topics whose bytes changed. Returns an unsubscribe function. */
  onTopicsChanged(listener: (topics: TopicPath[]) => void): () => void
}

const trimmed = (baseUrl: string) => baseUrl.replace(/\/+$/, '')

export function topicUrl(baseUrl: string, path: TopicPath): string {
  return `${trimmed(baseUrl)}/${path}`
}

export function hubUrl(baseUrl: string): string {
  return `${trimmed(baseUrl)}${HUB_PATH}`
}

/**
 * Link: <hub>; rel="hub", <topic>; rel="self": how subscribers discover the hub (GET, HEAD and every
 * delivery; a delivery's self is the topic as that subscriber sent it). Outside hubs (HUB_EXTERNAL_URLS)
 * follow ours as more rel="hub" links.
 */
export function topicLinkHeader(
  baseUrl: string,
  path: TopicPath,
  externalHubs: readonly string[] = [],
  self: string = topicUrl(baseUrl, path),
): string {
  const hubs = [hubUrl(baseUrl), ...externalHubs].map((hub) => `<${hub}>; rel="hub"`)
  return `${hubs.join(', ')}, <${self}>; rel="self"`
}

/** Every hub a topic names: ours first, then the outside ones. */
export function topicHubs(baseUrl: string, externalHubs: readonly string[] = []): string[] {
  return [hubUrl(baseUrl), ...externalHubs]
}
