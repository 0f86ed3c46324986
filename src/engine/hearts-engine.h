/* hearts-engine.h: the whole rules engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-cards.h"
#include "hearts-claim.h"
#include "hearts-rng.h"
#include "hearts-rules.h"
#include "hearts-refusal.h"
#include "hearts-deal.h"
#include "hearts-view.h"
#include "hearts-record.h"
