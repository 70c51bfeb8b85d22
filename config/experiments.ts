/*
 * The experiments the apps know, each with its groups (the first is the
 * control). users.experiments maps an experiment's name to the user's group;
 * an admin may set their own values (PUT api/admin/update_self) only to these.
 */
export const EXPERIMENTS: Record<string, readonly string[]> = {
  paywall_variant: ['control', 'trial_first', 'yearly_first'],
  onboarding_flow: ['control', 'short', 'goal_first'],
  library_home: ['control', 'categories_first'],
  study_session_size: ['control', 'small', 'large'],
}

export function experimentGroups() {
  return Object.entries(EXPERIMENTS).map(([name, groups]) => ({ name, groups: [...groups] }))
}
