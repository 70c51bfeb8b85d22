import { BaseTransformer } from '@adonisjs/core/transformers'

/** An experiment and its groups (config/experiments.ts: experimentGroups). */
export type ExperimentGroups = { name: string; groups: string[] }

export default class ExperimentTransformer extends BaseTransformer<ExperimentGroups> {
  toObject() {
    return { name: this.resource.name, groups: [...this.resource.groups] }
  }
}
