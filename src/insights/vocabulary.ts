/**
 * The business's own vocabulary, from business.json: aspects of its own (an id, a label and the cue phrases
 * that mention it) beside or instead of the seven home-services defaults, and topics to track. A cleaning
 * firm drops "cleanliness" (cleaning is its service, not a courtesy); a restaurant replaces the trade aspects
 * with food, service and atmosphere.
 *
 *   "aspects":         [{ "id": "food", "label": "Food", "cues": ["food", "dish", "meal"],
 *                         "positive": ["delicious"], "negative": ["bland"], "question": "Is the food good?" }]
 *                      (`positive`/`negative`, optional: words that praise or fault this aspect where the
 *                      home-services lexicon has no feeling for them; each mentions the aspect too)
 *   "default_aspects": true (the default: all seven beside the custom ones), false (the custom ones instead),
 *                      or the defaults to keep: ["price", "cleanliness"]
 *   "topics":          ["patio", "gluten free"]  (always reported among the topics, even with no mention)
 *
 * A flat list plus one switch, rather than {mode, items}: the common file only adds aspects and stays a plain
 * list, and the switch also says which defaults to keep, which a replace/extend mode cannot.
 *
 * Checked when business.json is read (catalog/business-file.ts: an invalid file is refused with the field
 * named, and the last good data stays). Read leniently everywhere else: a business that came in some other
 * way with an unusable vocabulary is analysed with the defaults.
 */
import { Type, type Static } from '@sinclair/typebox'
import { check, type Issue } from '../core/issues'
import type { AspectId } from './lexicon'
import { aspectAnswer } from './prose'
import type { Insights } from './schema'

/** The seven home-services aspects, in the lexicon's order (vocabulary.test.ts keeps this list equal to lexicon.ts ASPECTS). */
export const DEFAULT_ASPECT_IDS = [
  'punctuality',
  'price',
  'professionalism',
  'quality',
  'communication',
  'cleanliness',
  'speed',
] as const satisfies readonly AspectId[]

const Phrase = (description: string) => Type.String({ minLength: 1, maxLength: 60, description })

export const CustomAspect = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
      maxLength: 40,
      description: 'lower-case letters, digits and single hyphens, e.g. wait-time',
    }),
    label: Phrase('How the aspect is named on the pages and in insights, e.g. "Food".'),
    cues: Type.Array(Phrase('A word or phrase that mentions the aspect, e.g. "dish"; plurals and other forms match too.'), {
      minItems: 1,
      maxItems: 100,
    }),
    positive: Type.Optional(
      Type.Array(Phrase('A word that praises this aspect, e.g. "delicious"; it mentions the aspect too.'), { maxItems: 100 }),
    ),
    negative: Type.Optional(
      Type.Array(Phrase('A word that faults this aspect, e.g. "bland"; it mentions the aspect too.'), { maxItems: 100 }),
    ),
    question: Type.Optional(
      Type.String({ minLength: 1, maxLength: 120, description: 'The FAQ question about it; default "Are customers happy with <label>?".' }),
    ),
  },
  { additionalProperties: false },
)
export type CustomAspect = Static<typeof CustomAspect>

/** The vocabulary fields of business.json (the rest of the file is the Business schema). */
export const VocabularyFields = Type.Object({
  aspects: Type.Optional(Type.Array(CustomAspect, { maxItems: 20, description: 'The business’s own aspects.' })),
  default_aspects: Type.Optional(
    Type.Union([Type.Boolean(), Type.Array(Type.Union(DEFAULT_ASPECT_IDS.map((id) => Type.Literal(id))), { uniqueItems: true })], {
      description: 'true: the seven defaults beside the own aspects; false: the own aspects instead; a list: the defaults to keep.',
    }),
  ),
  topics: Type.Optional(Type.Array(Phrase('A topic to track, e.g. "patio".'), { maxItems: 30 })),
})
type VocabularyFields = Static<typeof VocabularyFields>

/** Every problem of the vocabulary fields of a business.json object, paths from the file's root. */
export function checkVocabulary(value: unknown): Issue[] {
  const issues = check(VocabularyFields, value)
  if (issues.length) return issues
  const fields = value as VocabularyFields
  const seen = new Set<string>()
  fields.aspects?.forEach((aspect, i) => {
    const at = (field: string | number, ...rest: (string | number)[]) => ['aspects', i, field, ...rest]
    if ((DEFAULT_ASPECT_IDS as readonly string[]).includes(aspect.id))
      issues.push({
        path: at('id'),
        code: 'reserved',
        message: `is one of the seven default aspects; give your own aspect another id (default_aspects says which defaults to keep)`,
      })
    else if (seen.has(aspect.id)) issues.push({ path: at('id'), code: 'duplicate', message: `names an aspect already defined above` })
    seen.add(aspect.id)
    if (!aspect.label.trim()) issues.push({ path: at('label'), code: 'too_small', message: 'must not be blank' })
    for (const field of ['cues', 'positive', 'negative'] as const)
      aspect[field]?.forEach((cue, k) => {
        if (!/[\p{L}\p{N}]/u.test(cue)) issues.push({ path: at(field, k), code: 'invalid', message: 'must hold a word' })
      })
  })
  const topics = new Set<string>()
  fields.topics?.forEach((topic, k) => {
    const key = normalPhrase(topic)
    if (!/[\p{L}\p{N}]/u.test(topic)) issues.push({ path: ['topics', k], code: 'invalid', message: 'must hold a word' })
    else if (topics.has(key)) issues.push({ path: ['topics', k], code: 'duplicate', message: 'is listed twice' })
    topics.add(key)
  })
  if (fields.default_aspects === false && !fields.aspects?.length)
    issues.push({ path: ['default_aspects'], code: 'invalid', message: 'is false, so aspects must list at least one aspect of your own' })
  return issues
}

/** An aspect as insights list it: a default (label from the lexicon) or one of the business's own. */
export type VocabularyAspect = { id: string; label?: string; question?: string; custom: boolean }
/** What the analyser needs of a custom aspect (plain data: it is posted to the analysis worker). */
export type CustomAspectCues = { id: string; cues: string[]; positive?: string[]; negative?: string[] }

export type Vocabulary = {
  /** The aspects insights report, in order: the kept defaults, then the business's own. */
  aspects: VocabularyAspect[]
  custom: CustomAspectCues[]
  /** Topics to track, lower case, in the owner's order. */
  topics: string[]
}

const DEFAULTS: Vocabulary = { aspects: DEFAULT_ASPECT_IDS.map((id) => ({ id, custom: false })), custom: [], topics: [] }

const normalPhrase = (phrase: string) => phrase.toLowerCase().replace(/\s+/g, ' ').trim()

/** The vocabulary of a business: its own fields when they are valid, else the seven defaults. */
export function vocabularyOf(business: object): Vocabulary {
  const fields = business as VocabularyFields
  if (fields.aspects === undefined && fields.default_aspects === undefined && fields.topics === undefined) return DEFAULTS
  if (checkVocabulary(business).length) return DEFAULTS
  const keep = fields.default_aspects ?? true
  const kept = DEFAULT_ASPECT_IDS.filter((id) => keep === true || (Array.isArray(keep) && keep.includes(id)))
  const own = fields.aspects ?? []
  return {
    aspects: [
      ...kept.map((id) => ({ id, custom: false })),
      ...own.map((a) => ({ id: a.id, label: a.label.trim(), custom: true, ...(a.question ? { question: a.question } : {}) })),
    ],
    custom: own.map((a) => ({
      id: a.id,
      cues: a.cues.map(normalPhrase),
      ...(a.positive?.length ? { positive: a.positive.map(normalPhrase) } : {}),
      ...(a.negative?.length ? { negative: a.negative.map(normalPhrase) } : {}),
    })),
    topics: [...new Set((fields.topics ?? []).map(normalPhrase))],
  }
}

/**
 * A short fingerprint of the vocabulary, empty for the defaults: the insights key carries it, so editing
 * business.json recomputes insights, and a business without a vocabulary keeps the keys it had.
 */
export function vocabularyKey(business: object): string {
  const vocabulary = vocabularyOf(business)
  if (vocabulary === DEFAULTS) return ''
  return `:v${Bun.hash(JSON.stringify(vocabulary)).toString(36)}`
}

/** A name in running text: lower case, acronyms kept ("BBQ platter"). */
const inText = (label: string) =>
  label
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()))
    .join(' ')

/**
 * The FAQ with the business's own aspects: a question per custom aspect (its own wording, or "Are customers
 * happy with <label>?"), answered from its figures by the same rules as the defaults' (prose.ts), first, since
 * they are what the owner chose to follow. The defaults' questions are there only for the defaults it kept.
 */
export function vocabularyFaq(faq: Insights['faq'], insights: Insights, vocabulary: Vocabulary): Insights['faq'] {
  const own = vocabulary.aspects.filter((a) => a.custom)
  if (!own.length) return faq
  const questions = own.map(({ id, label, question }) => {
    const name = inText(label ?? id)
    const wording = {
      question: question ?? `Are customers happy with ${name}?`,
      yes: `reviewers are happy with ${name}`,
      no: `reviewers complain about ${name}`,
    }
    return {
      question: wording.question,
      ...aspectAnswer(
        insights.aspects.find((a) => a.id === id),
        wording,
      ),
    }
  })
  return [...questions, ...faq]
}
