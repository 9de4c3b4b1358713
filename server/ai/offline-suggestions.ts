/**
 * Offline suggestions: 3–5 next actions read from the user's own context (spec section 7). What
 * is most time-bound comes first (an event about to start, a task already due), then what fits
 * the user's energy: after a low mood the list leans on quick tasks and quick wins, worded short.
 */
import { moodName, type SuggestionContext } from "../../shared/ai-schemas.ts";
import { ALL_DAY_MINUTES, APPROACHING_MINUTES } from "../../shared/constants.ts";
import { type Prefs, SUGGESTION_COUNT, type Tone } from "./types.ts";

const LOW_MOODS = new Set(["Tired", "Sad", "Frustrated"]);
const QUICK_MINUTES = 15;

type Phrase = Record<Tone, string>;

function minutesOf(hhmm: string | null | undefined): number | undefined {
  const m = hhmm?.match(/^(\d{1,2}):(\d{2})/);
  if (!m) return undefined;
  return Number(m[1]) * 60 + Number(m[2]);
}

function quote(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, " ");
  if (clean.length <= max) return `"${clean}"`;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `"${cut.slice(0, space > max / 2 ? space : max)}…"`;
}

/** "15:00" → "3:00 PM", as the app shows times. */
function clock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2030-03-01" → "Mar 1, 2030", the app's date format. */
function day(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-").map(Number);
  return m && d ? `${MONTHS[m - 1]} ${d}, ${y}` : isoDate;
}

function inMinutes(n: number): string {
  if (n <= 0) return "now";
  if (n < 60) return `in ${n} min`;
  return `in ${Math.floor(n / 60)} h ${n % 60} min`;
}

/** Next actions for the context; `short` keeps every item brief (low mood, silent tone). */
export function suggestionsOffline(context: SuggestionContext, prefs: Prefs): string[] {
  const mood = moodName(context.mood);
  const low = mood !== undefined && LOW_MOODS.has(mood);
  const tone = prefs.tone;
  const short = low || tone === "silent";
  const titleMax = short ? 28 : 48;
  const now = minutesOf(context.currentTime);
  const out: Phrase[] = [];

  // Events: happening now, then the next approaching one.
  const events = context.todayEvents.filter((e) => e.title.trim() !== "" && e.duration !== ALL_DAY_MINUTES);
  const current = events.find((e) => e.isHappeningNow);
  const upcoming = events
    .filter((e) => !e.hasPassed && !e.isHappeningNow)
    .map((e) => {
      const start = minutesOf(e.startTime);
      const until = start !== undefined && now !== undefined ? start - now : undefined;
      return { event: e, until };
    })
    .filter(({ event, until }) =>
      until !== undefined ? until >= 0 && until <= APPROACHING_MINUTES : event.isApproaching === true,
    )
    .sort((a, b) => (a.until ?? 0) - (b.until ?? 0));
  if (current) {
    const t = quote(current.title, titleMax);
    out.push({
      silent: `In ${t} now`,
      friendly: `You're in ${t} right now — keep other things for later`,
      coachy: `Be fully present in ${t} — everything else can wait`,
    });
  }
  const next = upcoming[0];
  if (next) {
    const t = quote(next.event.title, titleMax);
    const when = next.until !== undefined ? inMinutes(next.until) : "soon";
    const at = next.event.startTime ? ` at ${clock(next.event.startTime)}` : "";
    const where = next.event.location && !short ? ` (${next.event.location.trim().slice(0, 40)})` : "";
    out.push({
      silent: `${t} ${when}`,
      friendly: short ? `Get ready for ${t}, ${when}` : `Get ready for ${t}${at}${where} — it starts ${when}`,
      coachy: short ? `Prep for ${t}, ${when}` : `${t} starts ${when}${where}: wrap up and get ready now`,
    });
  }

  // Tasks: those whose due time is near or has passed first, then the quick ones. A time that has
  // passed is named as a plain fact, never as "overdue" or "late" (decisions: a calm day).
  const tasks = context.incompleteTasks.filter((t) => t.title.trim() !== "");
  const due = tasks
    .map((t) => ({ task: t, dueAt: minutesOf(t.dueTime) }))
    .filter(
      ({ task, dueAt }) => task.isApproaching === true || (dueAt !== undefined && now !== undefined && dueAt <= now),
    )
    .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
  const firstDue = due[0];
  if (firstDue) {
    const t = quote(firstDue.task.title, titleMax);
    const passed = firstDue.dueAt !== undefined && now !== undefined && firstDue.dueAt < now;
    const dueText = firstDue.task.dueTime ? `due ${clock(firstDue.task.dueTime)}` : "due now";
    out.push({
      silent: `${t}: ${dueText}`,
      friendly: low
        ? `Do 10 minutes of ${t}`
        : passed
          ? `Start ${t} now — it was ${dueText}, and now is a good time`
          : `Start ${t} now — it's ${dueText}`,
      coachy: low ? `10 minutes on ${t}, go` : `${t} (${dueText}) — start it now and keep going`,
    });
  }
  const used = new Set(firstDue ? [firstDue.task] : []);
  const quick = tasks
    .filter((t) => !used.has(t) && (t.timeEstimate ?? Number.POSITIVE_INFINITY) <= QUICK_MINUTES)
    .sort((a, b) => (a.timeEstimate ?? 0) - (b.timeEstimate ?? 0));
  const quickWins = context.incompleteQuickWins
    .map((w) => (typeof w === "string" ? w : w.text))
    .filter((w) => w.trim() !== "");

  const moodFirst: Phrase | undefined =
    mood === "Tired"
      ? {
          silent: "Rest 5 min first",
          friendly: "Take a 5-minute rest and drink water",
          coachy: "Recharge: 5 min rest, water",
        }
      : mood === "Sad"
        ? {
            silent: "Be gentle today",
            friendly: "Be kind to yourself: small steps count",
            coachy: "Small steps still count",
          }
        : mood === "Frustrated"
          ? {
              silent: "Step away 5 min",
              friendly: "Step away for 5 minutes, then pick one thing",
              coachy: "Reset: 5-minute walk, then one thing",
            }
          : undefined;
  if (moodFirst) out.splice(next || current ? 1 : 0, 0, moodFirst);

  const addQuickWin = (text: string) => {
    const w = quote(text, titleMax);
    out.push({
      silent: `Quick win: ${w}`,
      friendly: short ? `Quick win: ${w}` : `Grab a quick win: ${w}`,
      coachy: short ? `Quick win: ${w}` : `Bank an easy win now: ${w}`,
    });
  };
  const addQuickTask = (title: string, minutes: number | null | undefined) => {
    const t = quote(title, titleMax);
    const m = minutes ? `${minutes} min` : "quick";
    out.push({
      silent: `${t} (${m})`,
      friendly: short ? `Try ${t} (${m})` : `Knock out ${t} — it only takes about ${m}`,
      coachy: short ? `Finish ${t} (${m})` : `Momentum move: finish ${t} in ${m}`,
    });
  };
  // After a low mood quick wins come before quick tasks: the smallest step first.
  if (low) {
    if (quickWins[0]) addQuickWin(quickWins[0]);
    if (quick[0]) addQuickTask(quick[0].title, quick[0].timeEstimate);
    if (quickWins[1]) addQuickWin(quickWins[1]);
  } else {
    if (quick[0]) addQuickTask(quick[0].title, quick[0].timeEstimate);
    if (quickWins[0]) addQuickWin(quickWins[0]);
    if (mood === "Happy") {
      const biggest = tasks
        .filter((t) => !used.has(t) && t !== quick[0])
        .sort((a, b) => (b.timeEstimate ?? 0) - (a.timeEstimate ?? 0))[0];
      if (biggest) {
        const t = quote(biggest.title, titleMax);
        out.push({
          silent: `Hardest first: ${t}`,
          friendly: `You're feeling good — a nice moment for ${t}`,
          coachy: `Use this energy on your biggest task: ${t}`,
        });
      }
    }
  }

  // Projects: the one whose deadline is nearest, else the least advanced.
  const projects = context.activeProjects.filter((p) => p.title.trim() !== "" && (p.progress ?? 0) < 100);
  const project = [...projects].sort((a, b) => {
    if (a.deadline && b.deadline) return a.deadline.localeCompare(b.deadline);
    if (a.deadline || b.deadline) return a.deadline ? -1 : 1;
    return (a.progress ?? 0) - (b.progress ?? 0);
  })[0];
  if (project) {
    const t = quote(project.title, titleMax);
    const progress = `${Math.round(project.progress ?? 0)}%`;
    const deadline = project.deadline && !short ? `, due ${day(project.deadline)}` : "";
    out.push({
      silent: `${t}: one task (${progress})`,
      friendly: short
        ? `One small step on ${t}`
        : `Move ${t} forward with one small task (${progress} done${deadline})`,
      coachy: short ? `One step on ${t}` : `Push ${t} ahead: one task today (${progress}${deadline})`,
    });
  }

  const thought = context.recentThoughts.find(
    (t) => (t.type === "Task" || t.type === "Reminder") && t.content.trim() !== "",
  );
  if (thought) {
    const t = quote(thought.content, titleMax);
    out.push({
      silent: `Inbox: ${t}`,
      friendly: short ? `Sort ${t} from your inbox` : `Turn ${t} from your inbox into a task or let it go`,
      coachy: short ? `Act on ${t}` : `Clear your inbox: decide on ${t} now`,
    });
  }
  if (!low && quick[1]) addQuickTask(quick[1].title, quick[1].timeEstimate);
  if (!low && quickWins[1]) addQuickWin(quickWins[1]);
  const anyTask = tasks.find((t) => !used.has(t) && t !== quick[0] && t !== quick[1]);
  if (anyTask) {
    const t = quote(anyTask.title, titleMax);
    out.push({
      silent: `Next: ${t}`,
      friendly: short ? `10 minutes on ${t}` : `Give ${t} a focused 25-minute session`,
      coachy: short ? `10 min on ${t}` : `Block 25 minutes and make real progress on ${t}`,
    });
  }

  // Always enough to act on, even with an empty day.
  const fillers: Phrase[] = [
    {
      silent: "Pick one task",
      friendly: "Pick one small task and start with 10 minutes",
      coachy: "Choose one task and start a 10-minute sprint",
    },
    {
      silent: "Clear desk 2 min",
      friendly: "Spend 2 minutes clearing your desk",
      coachy: "Reset your space: 2-minute desk clear",
    },
    {
      silent: "Drink water",
      friendly: "Drink a glass of water and stretch",
      coachy: "Refuel: water and a quick stretch",
    },
    {
      silent: "Empty your head",
      friendly: "Write down what's on your mind in the Thought Dump",
      coachy: "Brain dump for 3 minutes, then pick a priority",
    },
    {
      silent: "Plan tomorrow",
      friendly: "Note the first task for tomorrow",
      coachy: "Set tomorrow's first win before you stop",
    },
  ];
  for (const filler of fillers) {
    if (out.length >= 5) break;
    out.push(filler);
  }

  const seen = new Set<string>();
  const result: string[] = [];
  for (const phrase of out) {
    const text = phrase[tone];
    if (seen.has(text)) continue;
    seen.add(text);
    result.push(text);
    if (result.length >= SUGGESTION_COUNT[prefs.helpLevel]) break;
  }
  return result;
}
