//! From the models a node has loaded to the task types it can serve.

use std::collections::BTreeSet;

use super::{ModelEntry, Registry};

/// The operator's licence policy for a deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// False: models whose licence forbids commercial use are neither
    /// loaded nor advertised.
    pub allow_non_commercial: bool,
}

impl Default for Policy {
    fn default() -> Self {
        Policy { allow_non_commercial: true }
    }
}

impl Policy {
    pub fn permits(self, model: &ModelEntry) -> bool {
        model.commercial_use || self.allow_non_commercial
    }
}

/// Why a task type cannot be served.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Unavailable {
    /// The models of every unmet `needs` group (any one of a group would do).
    pub missing: Vec<String>,
    /// Those of `missing` the policy refuses (non-commercial licence).
    pub refused: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskPlan {
    pub task_type: String,
    /// `Ok(commercial_only)`: served; true when models licensed for
    /// commercial use suffice (a tenant that refuses non-commercial models
    /// may use it).
    pub outcome: Result<bool, Unavailable>,
}

impl TaskPlan {
    pub fn is_served(&self) -> bool {
        self.outcome.is_ok()
    }
}

/// Every task type of the registry, in manifest order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub tasks: Vec<TaskPlan>,
}

impl Plan {
    pub fn served(&self) -> impl Iterator<Item = &str> {
        self.tasks.iter().filter(|t| t.is_served()).map(|t| t.task_type.as_str())
    }

    pub fn get(&self, task_type: &str) -> Option<&TaskPlan> {
        self.tasks.iter().find(|t| t.task_type == task_type)
    }
}

impl Registry {
    /// Which task types a node with these models `loaded` can serve under
    /// `policy`. Unknown ids in `loaded` are ignored.
    pub fn plan(&self, loaded: &BTreeSet<String>, policy: Policy) -> Plan {
        let usable = |id: &str| loaded.contains(id) && self.model(id).is_some_and(|m| policy.permits(m));
        let commercial = |id: &str| usable(id) && self.model(id).is_some_and(|m| m.commercial_use);
        let tasks = self
            .tasks
            .iter()
            .map(|task| {
                let unmet: Vec<&Vec<String>> =
                    task.needs.iter().filter(|group| !group.iter().any(|id| usable(id))).collect();
                let outcome = if unmet.is_empty() {
                    Ok(task.needs.iter().all(|group| group.iter().any(|id| commercial(id))))
                } else {
                    let missing: Vec<String> = unmet.iter().flat_map(|g| g.iter().cloned()).collect();
                    let refused = missing
                        .iter()
                        .filter(|id| self.model(id).is_some_and(|m| !policy.permits(m)))
                        .cloned()
                        .collect();
                    Err(Unavailable { missing, refused })
                };
                TaskPlan { task_type: task.task_type.clone(), outcome }
            })
            .collect();
        Plan { tasks }
    }
}
