/**
 * A lookup table written as an object literal, without a prototype: a key from outside (a word of a review, a
 * JSON-RPC method, a command, a stored source) that names a member of Object.prototype ("constructor", "toString",
 * "__proto__") finds nothing, as any other unknown key does, instead of a function.
 */
export const lookupTable = <T extends object>(entries: T): T => Object.assign(Object.create(null), entries)
