export type DailyViews = { date: string; views: number }

type Props = {
  days: DailyViews[]
  /** What the chart counts, e.g. "Site views" or "Views of this article". */
  title: string
  /** Drawing height in px; the width follows the space it is given. */
  height?: number
}

const WIDTH = 600
const GAP = 2

const views = (count: number) => `${count.toLocaleString('en')} ${count === 1 ? 'view' : 'views'}`

/** `2026-11-24` as `Nov 24`, read as a UTC date (the days are UTC days). */
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/**
 * Daily views as a bar chart, drawn on the server as SVG (no chart library, no client JavaScript): one bar per day,
 * oldest on the left, each with a tooltip of its date and count, the busiest day's count on the scale, and the total
 * in the caption. Screen readers get the total from the
 * figure's label.
 */
export const ViewsChart = ({ days, title, height = 96 }: Props) => {
  const total = days.reduce((sum, day) => sum + day.views, 0)
  const busiest = Math.max(1, ...days.map((day) => day.views))
  const plotHeight = height - 1
  const slot = WIDTH / Math.max(1, days.length)
  const first = days[0]
  const last = days[days.length - 1]
  const caption = `${views(total)} in the last ${days.length} ${days.length === 1 ? 'day' : 'days'}`

  return (
    <figure aria-label={`${title}: ${caption}`} data-views-chart={title} data-total={total} style={{ margin: '0 0 var(--base)' }}>
      <figcaption style={{ display: 'flex', justifyContent: 'space-between', gap: '12px', marginBottom: '6px' }}>
        <strong>{title}</strong>
        <span data-views-total>{caption}</span>
      </figcaption>
      <svg
        aria-hidden
        preserveAspectRatio="none"
        style={{ display: 'block', height, width: '100%' }}
        viewBox={`0 0 ${WIDTH} ${height}`}
      >
        <line stroke="var(--theme-elevation-150)" x1={0} x2={WIDTH} y1={plotHeight} y2={plotHeight} />
        {days.map((day, index) => {
          const barHeight = day.views === 0 ? 0 : Math.max(2, (day.views / busiest) * (plotHeight - 4))
          return (
            <rect
              data-date={day.date}
              data-views={day.views}
              fill="var(--theme-success-500, #2f855a)"
              height={barHeight}
              key={day.date}
              width={Math.max(1, slot - GAP)}
              x={index * slot + GAP / 2}
              y={plotHeight - barHeight}
            >
              <title>{`${shortDate(day.date)}: ${views(day.views)}`}</title>
            </rect>
          )
        })}
      </svg>
      <div style={{ color: 'var(--theme-elevation-600)', display: 'flex', fontSize: '0.8rem', justifyContent: 'space-between' }}>
        <span>{first ? shortDate(first.date) : ''}</span>
        <span>busiest day: {views(busiest === 1 && total === 0 ? 0 : busiest)}</span>
        <span>{last ? shortDate(last.date) : ''}</span>
      </div>
    </figure>
  )
}
