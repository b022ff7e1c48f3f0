//! Two cases or more left: each case the smallest with the others fixed (a local minimum),
//! then for two magic-board cases the exhaustive search of the inputs up to it.

use super::claim::Minimality;
use super::order::{Key, Ordered, reach};
use super::{Search, Shrinker};
use crate::judging::failure::Failure;

impl Shrinker<'_> {
    /// Two cases that fail together, a local minimum: the first input in the order of inputs
    /// that fails among those made of the cases up to its largest (see the module doc). Every
    /// input is run on its own; the local minimum itself ends the search unrun (it failed).
    pub(super) fn smallest_pair<P: Ordered>(&mut self, local: &[P::Case]) -> Search<Vec<P::Case>> {
        let local_keys: Vec<Key> = local.iter().map(P::key).collect();
        let mut order = Vec::new();
        if let Some(largest) = local.iter().max_by_key(|case| P::key(case)) {
            for case in P::candidates(P::key(largest)) {
                order.push(case?);
            }
            order.push(largest.clone());
        }
        let mut tried = 0;
        for k in 0..order.len() {
            if self.out_of_runs() {
                return Ok((None, Minimality::PairsBudget { cases: k }));
            }
            let (run, failed) = self.attempt::<P>(&order[k..=k])?;
            if failed {
                let (distance, before, _) = reach::<P>(k);
                return Ok((
                    Some((vec![order[k].clone()], run)),
                    Minimality::Proven {
                        tried: k,
                        distance,
                        before: Some(before),
                    },
                ));
            }
            // The two-case inputs whose largest case is the k-th, in order.
            let firsts = (0..k).map(|j| (j, k));
            let seconds = (0..=k).map(|j| (k, j));
            for (a, b) in firsts.chain(seconds) {
                let pair = [order[a].clone(), order[b].clone()];
                let searched = Minimality::Pairs {
                    cases: k + 1,
                    tried,
                };
                if [P::key(&pair[0]), P::key(&pair[1])][..] >= local_keys[..] {
                    return Ok((None, searched));
                }
                if self.out_of_runs() {
                    return Ok((None, Minimality::PairsBudget { cases: k }));
                }
                let (run, failed) = self.attempt::<P>(&pair)?;
                if failed {
                    return Ok((Some((pair.to_vec(), run)), searched));
                }
                tried += 1;
            }
        }
        // Not reached: (K, K) for the last K, the local minimum's largest, comes no earlier
        // than the local minimum.
        Ok((
            None,
            Minimality::Pairs {
                cases: order.len(),
                tried,
            },
        ))
    }

    /// Several cases: each replaced in turn, the last first, by the smallest candidate that
    /// keeps the failure, until none changes. (The last first: the case that fails is
    /// usually the last, and a small one there lets the cases before it be small too.) The
    /// cases on its shortest path are tried first, from distance 0 up (a bug that shows from
    /// some distance on stops there after a run or so a distance), then the order's; the
    /// last round changes nothing, so each case is the smallest in the order with the others
    /// fixed.
    pub(super) fn each_case<P: Ordered>(
        &mut self,
        cases: &mut [P::Case],
        best: &mut Failure,
    ) -> Result<Minimality, String> {
        loop {
            let mut changed = false;
            for j in (0..cases.len()).rev() {
                let path = P::path(&cases[j]).into_iter().map(Ok);
                for candidate in path.chain(P::candidates(P::key(&cases[j]))) {
                    if self.out_of_runs() {
                        return Ok(Minimality::PerCase { complete: false });
                    }
                    let mut trial = cases.to_vec();
                    trial[j] = candidate?;
                    let (run, failed) = self.attempt::<P>(&trial)?;
                    if failed {
                        cases.clone_from_slice(&trial);
                        *best = run;
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return Ok(Minimality::PerCase { complete: true });
            }
        }
    }
}
