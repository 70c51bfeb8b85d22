import { BaseTransformer } from '@adonisjs/core/transformers'
import type { SubjectList } from '#queries/onboarding/personalisation'

type Named = { key: string; name: string }

/** GET onboarding/subject_list: subjects with their specifications, and the exams, in the reader's language. */
export default class SubjectListTransformer extends BaseTransformer<SubjectList> {
  toObject() {
    const named = ({ key, name }: Named) => ({ key, name })
    const { subjects, exams } = this.resource
    return {
      subjects: subjects.map((subject) => ({
        ...named(subject),
        specifications: subject.specifications.map(named),
      })),
      exams: exams.map(named),
    }
  }
}
