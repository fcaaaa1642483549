import type { UsageResponse } from '@tracery/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const shortDate = (date: string) => date.slice(5);

/**
 * Conversions per day (completed and failed, stacked) and credits per day, drawn with recharts.
 * The drawing is hidden from assistive technology (the page offers the numbers as a table), so
 * recharts' keyboard layer is off too: nothing hidden may take focus.
 */
export default function UsageCharts({ usage }: { usage: UsageResponse }) {
  const data = usage.by_day;
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
      <figure>
        <figcaption className="mb-2 text-sm font-semibold">Conversions per day</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDate} fontSize={11} minTickGap={16} />
            <YAxis allowDecimals={false} fontSize={11} width={32} />
            <Tooltip />
            <Legend />
            <Bar
              dataKey="completed"
              name="Completed"
              stackId="n"
              fill="#4338ca"
              isAnimationActive={false}
            />
            <Bar
              dataKey="failed"
              name="Failed (refunded)"
              stackId="n"
              fill="#dc2626"
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure>
        <figcaption className="mb-2 text-sm font-semibold">Credits spent per day</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDate} fontSize={11} minTickGap={16} />
            <YAxis fontSize={11} width={32} />
            <Tooltip />
            <Line
              type="linear"
              dataKey="credits"
              name="Credits"
              stroke="#047857"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
