import { BaseTransformer } from '@adonisjs/core/transformers'
import type User from '#models/user'
import { studyReminderOf } from '#transformers/user_transformer'

/** The study reminder of the settings page: the time, whether it is on, and its next instant. */
export default class StudyReminderTransformer extends BaseTransformer<User> {
  toObject() {
    return studyReminderOf(this.resource)
  }
}
