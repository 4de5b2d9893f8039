/**
 * Idioms, negative-polarity items and fixed expressions, as data: `phrase: [sentiment, aspect]`.
 * They are matched before single words, consume their tokens, and keep their own sense: an outer
 * negation does not flip them and their inner "not"/"no" negates nothing else ("couldn't be happier",
 * "no complaints", "can't recommend them enough"). Write lemmas or surface forms ("n't" is "not",
 * "can't" is "can not"); `<num>` matches a number, `*` one to four words. An aspect of null carries
 * sentiment only; a sentiment of 0 only blocks a misreading ("later that day" is not lateness).
 */
import type { AspectId } from './lexicon'

export type PhraseEntry = [sentiment: number, aspect: AspectId | null]

export const PHRASES: Record<string, PhraseEntry> = {
  // Negative-polarity items: praise that looks negated.
  'could not be happier': [1, null], 'could not be more happy': [1, null], 'could not be more pleased': [1, null], 'could not be better': [1, null],
  'could not be more satisfied': [1, null], 'can not be happier': [1, null], 'could not ask for': [0.9, null], 'can not ask for': [0.9, null],
  'could not have ask for': [0.9, null], 'can not recommend * enough': [1, null], 'can not recommend enough': [1, null], 'could not recommend * enough': [1, null],
  'can not say enough': [1, null], 'can not thank * enough': [1, null], 'can not thank enough': [1, null], 'can not praise * enough': [1, null],
    'nothing bad to say': [0.9, null],
  'nothing negative': [0.8, null], 'no complaint': [0.8, null], 'no complaints': [0.8, null], 'zero complaint': [0.8, null], 'not complain': [0.6, null],
  'never disappoint': [0.9, null], 'never let we down': [0.9, null], 'never let us down': [0.9, null], 'never fail to': [0.8, null],
  'no regret': [0.7, null], 'no regrets': [0.7, null], 'not disappointed': [0.7, null], 'not be disappointed': [0.7, null], 'no brainer': [0.8, null],
  'no-brainer': [0.8, null], 'no problem': [0.6, null], 'no worries': [0.4, null], 'not too shabby': [0.6, null], 'not bad': [0.5, null],
  // Quality
  'never have a problem': [0.8, 'quality'], 'never had a problem': [0.8, 'quality'], 'never have an issue': [0.8, 'quality'], 'never had an issue': [0.8, 'quality'],
  'never have any problem': [0.8, 'quality'], 'never have any issue': [0.8, 'quality'], 'not one drip': [0.8, 'quality'], 'not a drip': [0.8, 'quality'], 'not a single leak': [0.8, 'quality'], 'without a hitch': [0.9, 'quality'],
  'without any hitch': [0.9, 'quality'], 'go off without a hitch': [0.9, 'quality'], 'like a charm': [1, 'quality'], 'like a dream': [1, 'quality'],
  'like new': [0.8, 'quality'], 'good as new': [0.9, 'quality'], 'nail it': [0.9, 'quality'], 'nailed it': [0.9, 'quality'], 'know his stuff': [0.8, 'quality'],
  'know her stuff': [0.8, 'quality'], 'know their stuff': [0.8, 'quality'], 'know what he be do': [0.8, 'quality'], 'know what she be do': [0.8, 'quality'],
  'fall apart': [-0.9, 'quality'], 'band-aid': [-0.7, 'quality'], 'band aid': [-0.7, 'quality'], 'band - aid': [-0.7, 'quality'],
  'still leak': [-0.8, 'quality'], 'still leaking': [-0.8, 'quality'], 'still drip': [-0.8, 'quality'], 'still not work': [-0.9, 'quality'], 'still blow cold': [-0.8, 'quality'], 'still no hot water': [-0.9, 'quality'], 'still there': [-0.6, 'quality'],
  'be back': [-0.6, 'quality'], 'come back': [-0.6, 'quality'], 'clog again': [-0.8, 'quality'], 'trip again': [-0.8, 'quality'], 'break again': [-0.8, 'quality'],
  'leak again': [-0.8, 'quality'], 'fail again': [-0.8, 'quality'], 'quit again': [-0.8, 'quality'], 'die again': [-0.8, 'quality'], 'stop again': [-0.8, 'quality'],
  'stop work': [-0.8, 'quality'], 'stop working': [-0.8, 'quality'], 'do not work': [-0.8, 'quality'], 'do not even work': [-0.8, 'quality'],
  'not fix': [-0.9, 'quality'], 'not fixed': [-0.9, 'quality'], 'did not fix': [-0.9, 'quality'], 'do not fix': [-0.9, 'quality'], 'never fix': [-0.9, 'quality'],
  'not actually fix': [-0.9, 'quality'], 'do not actually fix': [-0.9, 'quality'], 'do not solve': [-0.8, 'quality'], 'not solve': [-0.8, 'quality'],
  'redo the whole thing': [-0.8, 'quality'], 'redo it': [-0.8, 'quality'], 'have to redo': [-0.8, 'quality'], 'another company come': [-0.7, 'quality'],
  'another plumber to': [-0.7, 'quality'], 'someone else to': [-0.6, 'quality'], 'hire someone else': [-0.7, 'quality'], 'right the first time': [0.9, 'quality'],
  'on the first try': [0.8, 'quality'], 'first try': [0.7, 'quality'], 'do a great job': [1, 'quality'], 'great job': [1, 'quality'], 'good job': [0.8, 'quality'],
  'awesome job': [1, 'quality'], 'fantastic job': [1, 'quality'], 'excellent job': [1, 'quality'], 'amazing job': [1, 'quality'], 'perfect job': [1, 'quality'],
  'great work': [1, 'quality'], 'good work': [0.8, 'quality'], 'excellent work': [1, 'quality'], 'quality work': [0.9, 'quality'], 'honest work': [0.8, 'quality'],
  'without problem': [0.8, 'quality'], 'without problems': [0.8, 'quality'], 'without any problem': [0.8, 'quality'], 'function perfectly': [1, 'quality'],
  'work perfectly': [1, 'quality'], 'everything work': [0.7, 'quality'], 'everything function': [0.7, 'quality'], 'run again': [0.6, 'quality'],
  'better than any': [0.8, 'quality'], 'even worse': [-0.8, null], 'strange noise': [-0.6, 'quality'],
  'no hot water': [-0.5, null], 'find the problem': [0.6, 'quality'], 'found the problem': [0.6, 'quality'],
  'run like new': [0.9, 'quality'],
  // Price
  'value for money': [0.5, 'price'], 'value for the money': [0.5, 'price'], 'unbeatable': [1, null], 'worth every penny': [1, 'price'], 'worth every cent': [1, 'price'],
  'worth every dollar': [1, 'price'], 'worth the money': [0.9, 'price'], 'worth the price': [0.9, 'price'], 'worth it': [0.7, 'price'], 'not worth the money': [-0.9, 'price'],
  'not break the bank': [0.8, 'price'], 'break the bank': [-0.6, 'price'], 'arm and a leg': [-0.9, 'price'], 'highway robbery': [-1, 'price'],
  'take we to the cleaner': [-1, 'price'], 'take us to the cleaner': [-1, 'price'], 'take we to the cleaners': [-1, 'price'], 'take us to the cleaners': [-1, 'price'],
  'price-performance ratio': [0.3, 'price'], 'price - performance ratio': [0.3, 'price'], 'price performance ratio': [0.3, 'price'],
  'double the quote': [-0.9, 'price'], 'double the estimate': [-0.9, 'price'], 'twice the quote': [-0.9, 'price'], 'twice the original quote': [-0.9, 'price'],
  'twice the estimate': [-0.9, 'price'], 'almost twice the original quote': [-0.9, 'price'], 'double what': [-0.8, 'price'], 'twice what': [-0.8, 'price'],
  'more than the quote': [-0.8, 'price'], 'more than quoted': [-0.8, 'price'], 'more than the original quote': [-0.8, 'price'], 'higher than the quote': [-0.8, 'price'],
  'higher than the estimate': [-0.8, 'price'], 'higher than quote': [-0.8, 'price'], 'higher than the cost estimate': [-0.8, 'price'], 'match the estimate': [0.8, 'price'], 'exactly what be quote': [0.8, 'price'],
  'what be quote': [0.5, 'price'], 'stick to the quote': [0.7, 'price'], 'half the price': [0.8, 'price'],
  'no hidden fee': [0.8, 'price'], 'no hidden fees': [0.8, 'price'], 'no hidden charge': [0.8, 'price'], 'no hidden charges': [0.8, 'price'], 'no surprise': [0.7, 'price'],
  'no surprises': [0.7, 'price'], 'no surprise charge': [0.8, 'price'], 'for free': [0.8, 'price'], 'on top': [-0.4, 'price'], 'on top of': [-0.4, 'price'],
  'diagnostic fee': [-0.3, 'price'], 'a shock': [-0.6, null], 'fair price': [0.8, 'price'],
  // Professionalism
  'above and beyond': [1, 'professionalism'], 'go above and beyond': [1, 'professionalism'], 'class act': [1, 'professionalism'],
  'chip on his shoulder': [-0.8, 'professionalism'], 'chip on her shoulder': [-0.8, 'professionalism'], 'attitude problem': [-0.8, 'professionalism'],
  'real attitude': [-0.7, 'professionalism'], 'an attitude': [-0.6, 'professionalism'], 'talk down to': [-0.8, 'professionalism'], 'make me feel rush': [-0.6, 'professionalism'], 'never make me feel rush': [0.7, 'professionalism'], 'not care': [-0.6, 'professionalism'],
  'not seem to care': [-0.7, 'professionalism'], 'true professional': [1, 'professionalism'], 'real professional': [1, 'professionalism'], 'not greet': [-0.6, 'professionalism'], 'not say goodbye': [-0.6, 'professionalism'],
      'gladly again': [0.7, null], 'glad again': [0.6, null],
  // Punctuality
  'on the dot': [0.9, 'punctuality'], 'to the minute': [0.8, 'punctuality'], 'punctual to the minute': [1, 'punctuality'], '<num> sharp': [0.9, 'punctuality'],
  'never show': [-1, 'punctuality'], 'never show up': [-1, 'punctuality'], 'never turn up': [-1, 'punctuality'], 'never came': [-0.9, 'punctuality'],
  'nobody show up': [-1, 'punctuality'], 'no one show up': [-1, 'punctuality'], 'nobody come': [-0.8, 'punctuality'], 'no one come': [-0.8, 'punctuality'],
  'not show': [-0.9, 'punctuality'], 'not show up': [-0.9, 'punctuality'], 'did not show': [-0.9, 'punctuality'], 'do not show': [-0.9, 'punctuality'],
  'another no-show': [-1, 'punctuality'], 'another no - show': [-1, 'punctuality'], 'not keep': [-0.6, null], 'take the day off': [-0.3, null], 'later than agree': [-0.8, 'punctuality'],
  'later than agreed': [-0.8, 'punctuality'], 'later than promise': [-0.8, 'punctuality'], 'later than schedule': [-0.8, 'punctuality'],
  'at <num> for a <num>': [-0.8, 'punctuality'], 'after the window': [-0.8, 'punctuality'], 'long after the window': [-0.9, 'punctuality'], 'start of the window': [0.6, 'punctuality'], 'when they say': [0.5, 'punctuality'],
  'when they said they would': [0.7, 'punctuality'], 'exactly when': [0.7, 'punctuality'], 'as promised': [0.5, null], 'as agreed': [0.4, null],
  'hour late': [-0.9, 'punctuality'], 'hours late': [-0.9, 'punctuality'], 'minutes late': [-0.6, 'punctuality'], 'minute late': [-0.6, 'punctuality'],
  'minutes early': [0.7, 'punctuality'], 'run late': [-0.6, 'punctuality'], 'running late': [-0.6, 'punctuality'],
  'running a few minutes behind': [0.2, 'communication'],
  // Time words that are not lateness: the day's events, or availability out of hours.
  'later that day': [0, null], 'later that evening': [0, null], 'later that night': [0, null], 'later that morning': [0, null], 'later that afternoon': [0, null],
  'later in the day': [0, null], 'later in the afternoon': [0, null], 'later in the evening': [0, null], 'later on': [0, null], 'late last': [0, null],
  'late this': [0, null], 'late that': [0, null], 'late in the afternoon': [0, null], 'late afternoon': [0, null], 'late morning': [0, null], 'late spring': [0, null],
  'late summer': [0, null], 'late fall': [0, null], 'late winter': [0, null], 'late in the year': [0, null], 'late night': [0, null], 'late at night': [0, null],
  'late in the evening': [0, null], 'late on a': [0, null], 'late on': [0, null], 'late into the night': [0, null], '<num> days later': [0, null], '<num> day later': [0, null], 'a week later': [0, null], 'a day later': [0, null], 'a month later': [0, null],
  'week later': [0, null], 'month later': [0, null], 'day later': [0, null], 'hours later': [0, null], 'years later': [0, null], 'get back late': [0, null],
  // Speed
  'in no time': [0.8, 'speed'], 'at the drop of a hat': [0.8, 'speed'], 'drop of a hat': [0.8, 'speed'], 'take forever': [-0.9, 'speed'],
  'take ages': [-0.8, 'speed'], 'take them forever': [-0.9, 'speed'], 'not have to wait': [0.7, 'speed'], 'not have to wait long': [0.7, 'speed'], 'not wait long': [0.7, 'speed'],
  'no wait': [0.6, 'speed'], 'no waiting': [0.6, 'speed'], 'not wait at all': [0.8, 'speed'], 'no urgency': [-0.8, 'speed'],
  'next day': [0.5, null],
  'early the next morning': [0.7, 'speed'], 'first thing the next morning': [0.7, null], 'same day': [0.8, 'speed'], 'same-day': [0.8, 'speed'], 'same - day': [0.8, 'speed'],
  'same afternoon': [0.7, 'speed'], 'lightning fast': [0.9, 'speed'], 'had to wait': [-0.5, 'speed'], 'have to wait': [-0.5, 'speed'], 'all day': [-0.3, null], 'took all day': [-0.6, 'speed'], 'take all day': [-0.6, 'speed'],
  'take a week': [-0.5, 'speed'], 'take <num> weeks': [-0.7, 'speed'], 'take them <num> weeks': [-0.7, 'speed'], 'take a month': [-0.7, 'speed'], 'only take them a month': [-0.8, 'speed'],
  'wait <num> days': [-0.6, 'speed'], 'wait <num> weeks': [-0.7, 'speed'], 'wait a week': [-0.6, 'speed'], 'wait a month': [-0.8, 'speed'], 'wait for parts': [-0.5, 'speed'], 'the parts take': [-0.4, 'speed'], 'next week': [-0.3, null], 'within hours': [0.7, 'speed'], 'within minutes': [0.8, 'speed'], 'in minutes': [0.7, 'speed'], 'in half an hour': [0.8, 'speed'],
  // Communication
  'nobody answer': [-0.8, 'communication'], 'no one answer': [-0.8, 'communication'], 'nobody pick up': [-0.8, 'communication'], 'no one pick up': [-0.8, 'communication'],
  'pick up the phone': [0.6, 'communication'], 'answer the phone': [0.5, 'communication'], 'never call back': [-0.9, 'communication'], 'never call me back': [-0.9, 'communication'], 'never call i back': [-0.9, 'communication'], 'never return': [-0.8, 'communication'],
  'never got a call back': [-0.9, 'communication'], 'never get a call back': [-0.9, 'communication'], 'never got a callback': [-0.9, 'communication'],
  'never get a callback': [-0.9, 'communication'], 'no callback': [-0.8, 'communication'], 'no call back': [-0.8, 'communication'], 'zero callback': [-0.9, 'communication'],
  'zero callbacks': [-0.9, 'communication'], 'not return': [-0.8, 'communication'], 'never hear back': [-0.8, 'communication'], 'never heard back': [-0.8, 'communication'],
  'never get back to': [-0.8, 'communication'], 'nobody ever get back to': [-0.9, 'communication'], 'no one ever get back to': [-0.9, 'communication'],
  'no one call': [-0.7, 'communication'], 'nobody call': [-0.7, 'communication'], 'nobody tell': [-0.7, 'communication'], 'no one tell': [-0.7, 'communication'],
  'nobody let we know': [-0.8, 'communication'], 'nobody let us know': [-0.8, 'communication'], 'no one let us know': [-0.8, 'communication'], 'not let we know': [-0.7, 'communication'],
  'no one know': [-0.7, 'communication'], 'nobody know': [-0.7, 'communication'],
  'never tell': [-0.7, 'communication'], 'never told': [-0.7, 'communication'], 'not tell': [-0.6, 'communication'], 'not one phone call': [-0.8, 'communication'],
  'not a single update': [-0.8, 'communication'], 'not one update': [-0.8, 'communication'], 'no update': [-0.7, 'communication'], 'no updates': [-0.7, 'communication'],
  'like pull teeth': [-0.9, 'communication'], 'like pulling teeth': [-0.9, 'communication'], 'keep change the time': [-0.6, 'communication'], 'keep changing': [-0.6, 'communication'],
  'not reachable': [-0.8, 'communication'], 'lose our paperwork': [-0.7, 'communication'],
  'lost our paperwork': [-0.7, 'communication'], 'in the loop': [0.7, 'communication'], 'walk me through': [0.7, 'communication'], 'walk us through': [0.7, 'communication'],
  'show me picture': [0.6, 'communication'], 'take the time to explain': [0.8, 'communication'], 'call ahead': [0.6, 'communication'], 'call to confirm': [0.6, 'communication'], 'call the day before': [0.6, 'communication'], 'text me when': [0.6, 'communication'], 'on his way': [0.3, 'communication'], 'on the way': [0.3, 'communication'], 'talk to an answering machine': [-0.8, 'communication'], 'all question': [0.5, 'communication'],
    
  // Cleanliness
  'no mess': [0.8, 'cleanliness'], 'not a speck': [1, 'cleanliness'], 'not leave a mess': [0.8, 'cleanliness'], 'not even tell': [0.7, 'cleanliness'], 'could not even tell': [0.8, 'cleanliness'], 'could not tell': [0.6, 'cleanliness'], 'clean up after': [0.7, 'cleanliness'],
  'clean up every': [0.8, 'cleanliness'], 'clean up everything': [0.8, 'cleanliness'], 'after themselves': [0.5, 'cleanliness'], 'left a mess': [-0.8, 'cleanliness'],
  'leave a mess': [-0.8, 'cleanliness'], 'all over the': [-0.4, null], 'in our yard': [-0.3, 'cleanliness'], 'floor be cover': [0.6, 'cleanliness'], 'drop cloths': [0.5, 'cleanliness'], 'shoe covers': [0.5, 'cleanliness'],
  // Sarcasm: praise that is taken back in the same breath.
  'if you enjoy': [-0.5, null], 'if you like': [-0.5, null], 'thanks for nothing': [-1, null], 'thanks for waste': [-1.5, null], 'thank for waste': [-1.5, null],
  'thanks for wasting': [-1.5, null], 'oh sure': [-0.5, null],
  // Second tuning batch
  'less than i pay': [0.7, 'price'], 'for less than': [0.6, 'price'], 'way less than': [0.8, 'price'], 'less than i expect': [0.8, 'price'], 'half what': [0.8, 'price'],
  'more than the part': [-0.6, 'price'], 'on the high side': [-0.6, 'price'], 'extra charge': [-0.5, 'price'], 'extra charges': [-0.5, 'price'],
  'like they say': [0.6, 'punctuality'], 'right at <num>': [0.7, 'punctuality'], 'miss * appointment': [-0.9, 'punctuality'], 'missed appointment': [-0.9, 'punctuality'],
  'forget about we': [-0.7, 'punctuality'], 'forget about us': [-0.7, 'punctuality'], 'have to reschedule': [-0.5, 'punctuality'], 'had to reschedule': [-0.5, 'punctuality'],
  'appointment be keep': [0.7, 'punctuality'], 'keep the appointment': [0.7, 'punctuality'],
  'short cycle': [-0.7, 'quality'], 'hot water be back': [0.8, 'quality'], 'heat be back': [0.8, 'quality'], 'better than ever': [0.9, 'quality'], 'back up again': [-0.8, 'quality'],
  'back up': [-0.5, 'quality'], 'drip worse': [-0.8, 'quality'], 'worse than before': [-0.8, 'quality'], 'trip every time': [-0.8, 'quality'], 'do not last': [-0.8, 'quality'],
  'not last': [-0.8, 'quality'], 'a wizard with': [0.9, 'quality'], "pig 's ear": [-0.8, 'quality'], 'find it in': [0.6, 'quality'], 'finally gone': [0.8, 'quality'],
  'be finally gone': [0.8, 'quality'], 'scare tactic': [-0.9, 'professionalism'], 'scare tactics': [-0.9, 'professionalism'], 'talk we into': [-0.5, 'professionalism'],
  'talk us into': [-0.5, 'professionalism'], 'no pressure': [0.7, 'professionalism'], 'never bother to call': [-0.8, 'communication'], 'bother to call': [0.3, 'communication'],
  'someone would call': [0, 'communication'], 'no one ever do': [-0.7, null], 'nobody ever do': [-0.7, null], 'a mess to deal with': [-0.8, 'communication'],
  'office be a mess': [-0.8, 'communication'], 'in record time': [0.9, 'speed'], 'take a while': [-0.5, 'speed'], 'under an hour': [0.7, 'speed'], 'in under an hour': [0.8, 'speed'],
  'in an hour': [0.6, 'speed'], 'haul * away': [0.5, 'cleanliness'], 'breath of fresh air': [0.8, null], 'later that week': [0, null], 'later that': [0, null],
  'come late in the evening': [0.5, 'speed'], 'come out late at night': [0.5, 'speed'], 'come late at night': [0.5, 'speed'], 'come late on a': [0.5, 'speed'],
  'come out late on a': [0.5, 'speed'], 'come late on': [0.5, 'speed'], 'weeks out': [-0.6, 'speed'], 'over a week': [-0.5, 'speed'],
  'chase them': [-0.6, null],
  // Third tuning batch
  'at the time we agree': [0.8, 'punctuality'], 'time we agree on': [0.8, 'punctuality'], 'exactly at': [0.6, 'punctuality'], 'arrive promptly': [0.8, 'punctuality'],
  'promptly at': [0.8, 'punctuality'], 'keep we wait': [-0.7, 'punctuality'], 'keep us wait': [-0.7, 'punctuality'], 'keep us waiting': [-0.7, 'punctuality'],
  'appointment be not keep': [-0.8, 'punctuality'], 'not show until': [-0.8, 'punctuality'], 'less than half': [0.8, 'price'], 'for a <num> minute visit': [-0.6, 'price'],
  'pad the bill': [-0.7, 'price'], 'through the nose': [-0.9, 'price'], 'you pay for it': [-0.5, 'price'], 'over price': [-0.9, 'price'], 'over priced': [-0.9, 'price'],
  'pleasure to work with': [0.9, 'professionalism'], 'short with me': [-0.6, 'professionalism'], 'not want to be there': [-0.6, 'professionalism'],
  'extra mile': [0.9, 'professionalism'], 'do it right': [0.8, 'quality'], 'already leak': [-0.8, 'quality'], 'already leaking': [-0.8, 'quality'],
  'wire wrong': [-0.8, 'quality'], 'install wrong': [-0.8, 'quality'], 'water pressure': [0, 'quality'], 'to our full satisfaction': [0.8, 'quality'],
  'spot on': [0.8, null], 'lay out': [0.4, 'communication'], 'in the dark': [-0.7, 'communication'], 'not say a word': [-0.7, 'communication'],
  'detailed estimate': [0.6, 'communication'], 'twice as long': [-0.7, 'speed'], 'still wait': [-0.6, 'speed'], 'still waiting': [-0.6, 'speed'],
  'come back and finish': [-0.2, 'speed'], 'already the next day': [0.7, 'speed'], 'late last month': [0, null], 'late last week': [0, null],
  // Fourth tuning batch
  'exactly what the estimate': [0.7, 'price'], 'not a penny more': [0.7, 'price'], 'be drip': [-0.6, 'quality'], 'back order': [-0.5, 'speed'],
  'on back order': [-0.6, 'speed'], 'fix by <num>': [0.7, 'speed'], 'fixed by <num>': [0.7, 'speed'], 'hang up on': [-0.8, 'communication'], 'hung up on': [-0.8, 'communication'],
  'already make': [-0.6, 'quality'], 'grinding noise': [-0.6, 'quality'], 'warranty do not cover': [-0.6, 'price'], 'never pick up': [-0.8, 'communication'],
  'same evening': [0.7, 'speed'],
  // Fifth tuning batch
  'past the arrival window': [-0.8, 'punctuality'], '<num> hours past': [-0.8, 'punctuality'], 'stroll in': [-0.6, 'punctuality'], 'never arrive': [-0.9, 'punctuality'],
  'never arrived': [-0.9, 'punctuality'], 'take off work': [-0.3, null], 'can not beat': [0.8, null], 'treat we like family': [0.8, 'professionalism'],
  'treat us like family': [0.8, 'professionalism'], 'on his phone the whole time': [-0.6, 'professionalism'], 'barely speak': [-0.5, 'professionalism'],
  'not even mention': [-0.5, 'communication'], 'than ever': [0.5, null], 'quieter than ever': [0.8, 'quality'], 'for the same leak': [-0.7, 'quality'],
  'same problem': [-0.6, 'quality'], 'call them back <num> times': [-0.7, 'quality'], 'have to call <num> times': [-0.8, 'communication'],
  'had to call <num> times': [-0.8, 'communication'], 'what be wrong': [0, null], 'what go wrong': [0, null], 'what was wrong': [0, null], 'what went wrong': [0, null],
  'back up and running': [0.8, 'speed'], 'up and running': [0.6, null], 'not charge we': [0.7, 'price'], 'not charge us': [0.7, 'price'], 'out of the park': [1, 'quality'],
  'pretty penny': [-0.7, 'price'], 'keep we post': [0.7, 'communication'], 'keep us post': [0.7, 'communication'], 'keep us posted': [0.7, 'communication'],
  'drag their feet': [-0.8, 'speed'], 'never agree to': [-0.7, 'price'], 'be leak': [-0.6, 'quality'], 'be leaking': [-0.6, 'quality'], 'wish it be cheaper': [-0.6, 'price'],
  'wish it was cheaper': [-0.6, 'price'], 'well under': [0.7, 'price'], 'come in under': [0.6, 'price'], 'clean work': [0.8, 'quality'], 'clean and precise': [0.8, 'quality'],
  'now leak': [-0.7, 'quality'],
  // Sixth tuning batch
  'in <num> hours late': [-0.9, 'punctuality'], 'blame traffic': [-0.3, null], 'match another quote': [0.6, 'price'], 'tack on': [-0.6, 'price'], 'never mention': [-0.5, null],
  'on the phone': [0, null], 'get anyone on the phone': [0, 'communication'], 'reach anyone on the phone': [0, 'communication'], 'last exactly one': [-0.7, 'quality'], 'only last': [-0.7, 'quality'], 'have to chase': [-0.8, null], 'had to chase': [-0.8, null],
  'take them <num> visits': [-0.6, 'speed'], 'a steal': [0.9, 'price'], 'a callback that never': [-0.9, 'communication'], 'never receive': [-0.6, null],
  'for nothing': [-0.6, null], 'wait home all': [-0.7, 'punctuality'], 'start run again': [-0.7, 'quality'], 'start running again': [-0.7, 'quality'],
  'know what they be do': [0.8, 'quality'], 'at short notice': [-0.2, null], 'within the frame of the offer': [0.6, 'price'], 'say no one ever': [-0.5, null],
  'said no one ever': [-0.5, null],
  // Seventh tuning batch
  'scheduled window': [0.5, 'punctuality'], 'within the scheduled window': [0.7, 'punctuality'], 'call <num> minutes ahead': [0.6, 'communication'],
  'when we be tell': [-0.7, 'punctuality'], 'stand we up': [-0.9, 'punctuality'], 'stood us up': [-0.9, 'punctuality'], 'without a word': [-0.5, null],
  'too much': [-0.7, null], 'be the price we pay': [0.7, 'price'], 'fall off': [-0.8, 'quality'], 'different answers': [-0.7, 'communication'],
  'different answer': [-0.7, 'communication'], 'work area': [0, 'cleanliness'], 'cigarette butt': [-0.8, 'cleanliness'], 'in half a day': [0.6, 'speed'],
  'not leave so much as': [0.8, 'cleanliness'], 'nickel and dime': [-0.7, 'price'], 'nickel and diming': [-0.7, 'price'], 'say please': [0.5, 'professionalism'],
  'top of the line': [0.9, 'quality'], 'see we coming': [-0.7, 'price'], 'saw us coming': [-0.7, 'price'], 'in and out': [0.7, 'speed'], 'real pro': [0.9, 'professionalism'],
  'true pro': [0.9, 'professionalism'], 'radio silence': [-0.8, 'communication'], 'more than the estimate': [-0.8, 'price'], 'be not come': [-0.8, 'punctuality'],
  'send photo': [0.6, 'communication'], 'written summary': [0.6, 'communication'], 'and counting': [-0.6, null], 'save we hundreds': [0.8, 'price'],
  'saved us hundreds': [0.8, 'price'], 'within one week': [0.5, 'speed'], 'within a week': [0.5, 'speed'],
  // Eighth tuning batch
  'stop answer': [-0.8, 'communication'], 'stop answering': [-0.8, 'communication'], 'stopped answering': [-0.8, 'communication'], 'take * weeks': [-0.7, 'speed'],
  'take it or leave it': [-0.7, 'professionalism'], 'can not tell where': [0.7, 'quality'], 'premium price': [-0.5, 'price'], 'fraction of the cost': [0.8, 'price'],
  'run clear': [0.7, 'quality'], 'still rock': [-0.6, 'quality'], 'still rocks': [-0.6, 'quality'], 'trip charge': [-0.4, 'price'], 'charge alone': [-0.5, 'price'],
  'return my texts': [0.5, 'communication'], 'return my text': [0.5, 'communication'], 'floor protection': [0.6, 'cleanliness'], 'never install': [-0.6, null],
  'never installed': [-0.6, null], 'bill for a part': [-0.3, 'price'], 'billed for a part': [-0.3, 'price'], 'slot turn into': [-0.6, 'punctuality'], 'slow again': [-0.8, 'quality'],
  // Ninth tuning batch
  'never run better': [0.9, 'quality'], 'never * better': [0.9, null], 'start trip again': [-0.8, 'quality'], 'started tripping again': [-0.8, 'quality'],
  'down to earth': [0.8, 'professionalism'], 'easy to talk to': [0.8, 'professionalism'], 'talk over me': [-0.7, 'professionalism'], 'talked over me': [-0.7, 'professionalism'],
  'never hear from them again': [-0.8, 'communication'], 'never heard from them again': [-0.8, 'communication'], 'wipe down': [0.6, 'cleanliness'],
  'take * trash': [0.6, 'cleanliness'], 'come in the evening': [0.5, 'speed'], 'leave us guessing': [-0.7, 'communication'], 'leave we guess': [-0.7, 'communication'],
  'make us feel stupid': [-0.7, 'professionalism'], 'make we feel stupid': [-0.7, 'professionalism'], 'work wonders': [0.9, 'quality'], 'worked wonders': [0.9, 'quality'],
  'daylight robbery': [-1, 'price'], 'like clockwork': [0.8, 'punctuality'], 'after-hours rate': [-0.5, 'price'], 'after - hours rate': [-0.5, 'price'],
  'voicemail box be full': [-0.8, 'communication'], 'mailbox be full': [-0.8, 'communication'], 'water on the floor again': [-0.7, 'quality'],
  'not arrive until': [-0.8, 'punctuality'], 'result be worth it': [0.8, 'quality'], 'results are worth it': [0.8, 'quality'], 'hard to reach': [-0.8, 'communication'],
  'once they show': [0, null], 'on the minute': [0.8, 'punctuality'], 'never happen': [-0.6, null],
  // Tenth tuning batch
  'after the time slot': [-0.8, 'punctuality'], 'time slot': [0, 'punctuality'], 'way after': [-0.6, null], 'emergency fee': [-0.4, 'price'], 'hit with': [-0.6, null],
  'take pride in': [0.8, 'professionalism'], 'pride in his work': [0.8, 'professionalism'], 'track dirt': [-0.8, 'cleanliness'], 'tracked dirt': [-0.8, 'cleanliness'],
  'within <num> minutes': [0.8, 'speed'], 'not have to call them back': [0.8, 'quality'], 'nobody available': [-0.7, 'speed'], 'no one available': [-0.7, 'speed'],
  'by the book': [0.7, 'quality'], 'heart of gold': [0.9, 'professionalism'], 'shop supplies': [-0.4, 'price'], 'did not come': [-0.8, 'punctuality'],
  'agreed date': [0, 'punctuality'], 'leave * garbage': [-0.8, 'cleanliness'],
  // Eleventh tuning batch
  'every time i call': [-0.5, 'communication'], 'never call us back': [-0.9, 'communication'], 'never call we back': [-0.9, 'communication'], 'normal rate instead of': [0.7, 'price'], 'complain the whole time': [-0.6, 'professionalism'],
  'be not until': [-0.6, 'speed'], 'not bother to introduce': [-0.7, 'professionalism'], 'introduce himself': [0.4, 'professionalism'],
  'wonder what be go on': [-0.6, 'communication'], 'charge for a full hour': [-0.6, 'price'], 'flying colors': [0.9, 'quality'], 'flying colours': [0.9, 'quality'],
  'like it be his own': [0.8, 'professionalism'], 'treat our home like': [0.8, 'professionalism'], 'brick wall': [-0.8, 'communication'],
  'keep to the appointment': [0.7, 'punctuality'], 'take * long': [-0.6, 'speed'], 'take long': [-0.6, 'speed'], 'service fee': [0, 'price'],
  // Five-star tuning reviews
  'can not believe': [0.4, null], 'could not believe': [0.4, null], 'less than the estimate': [0.8, 'price'], 'less than the quote': [0.8, 'price'],
  'never happen to me before': [0, null], 'never happen before': [0, null],
  // Situation markers (see SITUATION_MARKERS)
  'before we call': [0, null], 'before i call': [0, null], 'before calling': [0, null], 'before we called': [0, null], 'before i called': [0, null],
  'until we call': [0, null], 'until i call': [0, null], 'scare me': [0, null], 'scare i': [0, null], 'scares me': [0, null], 'i be worried': [0, null],
  'we be worried': [0, null], 'i be nervous': [0, null], 'i be afraid': [0, null], 'i be dread': [0, null], 'i was dreading': [0, null], 'i be dreading': [0, null],
  'worried about': [0, null],
  // General phrases that carry sentiment
  'post an update': [0, null], 'update this review': [0, null], 'fine since': [0.7, 'quality'], 'toilet be run again': [-0.7, 'quality'], 'toilet run again': [-0.7, 'quality'],
  'toilet be run': [-0.5, 'quality'], 'toilet be still run': [-0.7, 'quality'],
  'a joke': [-0.7, null], 'top notch': [1, null], 'go wrong': [-0.5, null], 'let down': [-0.7, null], 'let we down': [-0.7, null], 'let us down': [-0.7, null],
  'waste of time': [-0.8, null], 'waste of money': [-0.9, 'price'], 'would not use again': [-0.8, null], 'will not use again': [-0.8, null],
  'never again': [-0.8, null], 'never use again': [-0.8, null], 'stay away': [-0.8, null],
}

/** Phrases that mark a clause as sarcastic: its praise counts as complaint. */
export const SARCASM_MARKERS = ['say no one ever', 'said no one ever', 'if you enjoy', 'if you like', 'oh sure', 'thanks for nothing', 'thanks for waste', 'thank for waste', 'thanks for wasting']

/**
 * Phrases that place a clause before the business was involved, or in the customer's own fears: its
 * feelings are the situation, not an opinion of the work ("we had no hot water for three days before
 * we called them", "expensive repairs scare me").
 */
export const SITUATION_MARKERS = [
  'before we call', 'before i call', 'before calling', 'before we called', 'before i called', 'until we call', 'until i call', 'scare me', 'scare i',
  'scares me', 'i be worried', 'we be worried', 'i be nervous', 'i be afraid', 'i be dread', 'i was dreading', 'i be dreading', 'worried about',
]
