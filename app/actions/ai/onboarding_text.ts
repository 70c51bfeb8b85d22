/*
 * The onboarding example's document (ours): a short text about learning and
 * memory, written for the offline generator to find at least 20 facts in
 * (definitions, glossary lines, enumerations), so that the example deck
 * works with no AI provider configured.
 */
export const ONBOARDING_TITLE = 'How memory works'

export const ONBOARDING_TEXT = `How memory works

Memory is the ability of the brain to store, keep and recall information.
Encoding is the first stage of memory, when information is turned into a form the brain can store.
Storage is the stage in which encoded information is kept over time.
Retrieval is the process of bringing stored information back into awareness.
Sensory memory is the shortest form of memory, holding impressions for less than a second.
Working memory is a limited system that holds a few items while we use them.
Long-term memory is the store that keeps information for days, years or a lifetime.
The hippocampus is a part of the brain that helps turn new experiences into long-term memories.
Forgetting is the loss of the ability to recall information that was once stored.
The forgetting curve is a graph that shows how quickly unreviewed information is lost.
Hermann Ebbinghaus was a German psychologist who first measured the forgetting curve.
Spaced repetition is a study method in which reviews are spread out over growing intervals.
Active recall is the practice of retrieving an answer from memory instead of rereading it.
The testing effect is the finding that practising retrieval improves long-term retention.
Interleaving is a study method that mixes different topics or kinds of problems in one session.
A flashcard is a card with a question on one side and the answer on the other.
A cloze deletion is a sentence with a word hidden for the learner to recall.
A mnemonic is a memory aid such as a rhyme, an acronym or an image.
The method of loci is a mnemonic that places items along a familiar route.
Chunking is the grouping of separate items into larger meaningful units.
Consolidation is the process that stabilises a memory after it is first formed.
Sleep is a period of rest during which the brain consolidates the day's memories.
Overlearning is the practice of studying material beyond the point of first mastery.
Cramming is the practice of studying intensively just before an exam.
Metacognition is the awareness of one's own thinking and learning.

Glossary
Recall: producing information from memory without a cue.
Recognition: identifying information as familiar when it is seen again.
Retention interval: the time between learning something and being tested on it.
`
