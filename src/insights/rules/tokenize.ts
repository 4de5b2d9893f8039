import type winkNLP from 'wink-nlp'
export let nlp: ReturnType<typeof winkNLP> | undefined
/** The model is large: loaded on first analysis, not at process start (cold start, idle memory). */
// Only sentence boundaries and part-of-speech tags (lemmas come with them): wink's negation, sentiment and entity pipes are not used.
export const engine = () => (nlp ??= (require('wink-nlp') as typeof winkNLP)(require('wink-eng-lite-web-model'), ['sbd', 'pos']))
