/** The WebSub topics of INTERFACE.md: three renderings of the same review data. */

export const TOPIC_PATHS = ['feed.xml', 'api/feed.json', 'reviews.json'] as const
export type TopicPath = (typeof TOPIC_PATHS)[number]

/** One rendered response body, built once per data version. */
export interface Representation {
  body: Uint8Array
  contentType: string
  /** Strong, quoted: "\"abc\"". */
  etag: string
  lastModified: Date
}

/** What the hub needs from the data side: the current bytes of a topic, and word when they change. */
export interface TopicSource {
  topic(path: TopicPath): Representation
  /** Called with only the topics whose bytes changed. Returns an unsubscribe function. */
  onTopicsChanged(listener: (topics: TopicPath[]) => void): () => void
}

export function topicUrl(baseUrl: string, path: TopicPath): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path}`
}
