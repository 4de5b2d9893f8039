/** Settings every read route shares, passed down from the app factory. */
export type ReadRouteOptions = { cacheControl: string; baseUrl: string; externalHubs?: readonly string[] }
