import { useId, useRef } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { DASHBOARD_LABELS, type Dashboard, formatNumber, formatShortDay } from '@crm/shared';
import { useElementWidth } from './use-element-width';

type Week = Dashboard['weekly'][number];
type Source = 'website' | 'other';

const SOURCES: Source[] = ['website', 'other'];
const HEIGHT = 240;
const MARGIN = { top: 18, right: 8, bottom: 28, left: 36 };
/** The room a week's name needs on the axis ("28 sept"): narrower weeks name every 2nd or 3rd. */
const LABEL_PX = 56;

// Landing form: solid indigo-700 (7.9:1 on white). Other sources: teal-700 (5.5:1) striped
// with white, so the two differ by pattern as well as colour; the legend says which is which.
const WEBSITE_FILL = '#4338ca';
const OTHER_FILL = '#0f766e';
const AXIS_COLOUR = '#475569';

const SOURCE_LABELS: Record<Source, string> = {
  website: DASHBOARD_LABELS.website,
  other: DASHBOARD_LABELS.otherSources,
};

/** The stripes of "Otras fuentes", in the bars and in the legend's swatch. */
function StripePattern({ id }: { id: string }) {
  return (
    <pattern
      id={id}
      width="6"
      height="6"
      patternUnits="userSpaceOnUse"
      patternTransform="rotate(45)"
    >
      <rect width="6" height="6" fill={OTHER_FILL} />
      <line x1="0" y1="0" x2="0" y2="6" stroke="white" strokeWidth="2" />
    </pattern>
  );
}

/** A legend swatch drawn as its bars are. */
function Swatch({ source, patternId }: { source: Source; patternId: string }) {
  return (
    <svg width="14" height="14" aria-hidden className="shrink-0">
      {source === 'other' ? (
        <defs>
          <StripePattern id={patternId} />
        </defs>
      ) : null}
      <rect
        width="14"
        height="14"
        rx="2"
        fill={source === 'website' ? WEBSITE_FILL : `url(#${patternId})`}
      />
    </svg>
  );
}

export type WeeklyChartProps = { weekly: Dashboard['weekly'] };

/**
 * "Nuevas solicitudes por semana" as stacked bars (visx: a few kB of d3 scales and shapes, far
 * lighter than the full charting kits), each with its total above it, and a legend in words.
 * The page offers the same numbers as a table ("Ver tabla").
 */
export function WeeklyChart({ weekly }: WeeklyChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(boxRef, 640);
  // An SVG id may not hold the colons of React's ids.
  const patternId = `stripes-${useId().replace(/[^\w-]/g, '')}`;
  const legendPatternId = `${patternId}-legend`;

  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const totals = weekly.map((week) => week.website + week.other);
  const xScale = scaleBand<string>({
    domain: weekly.map((week) => week.weekStart),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const yScale = scaleLinear<number>({
    domain: [0, Math.max(4, ...totals)],
    range: [innerHeight, 0],
    nice: true,
  });
  // Whole requests only on the axis; where weeks are narrow, every 2nd or 3rd named, this one
  // always.
  const yTicks = yScale.ticks(4).filter(Number.isInteger);
  const step = Math.ceil(LABEL_PX / Math.max(1, xScale.step()));
  const last = weekly.length - 1;
  const xTicks = weekly
    .map((week) => week.weekStart)
    .filter((_, index) => (last - index) % step === 0);

  return (
    <div ref={boxRef} className="w-full">
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {SOURCES.map((source) => (
          <li key={source} className="flex items-center gap-1.5">
            <Swatch source={source} patternId={legendPatternId} />
            {SOURCE_LABELS[source]}
          </li>
        ))}
      </ul>
      <svg width={width} height={HEIGHT} role="img" aria-label={DASHBOARD_LABELS.weekly}>
        <defs>
          <StripePattern id={patternId} />
        </defs>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {yTicks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={innerWidth}
              y1={yScale(tick)}
              y2={yScale(tick)}
              stroke="#e2e8f0"
            />
          ))}
          <BarStack<Week, Source>
            data={weekly}
            keys={SOURCES}
            x={(week) => week.weekStart}
            xScale={xScale}
            yScale={yScale}
            color={(source) => (source === 'website' ? WEBSITE_FILL : `url(#${patternId})`)}
          >
            {(stacks) =>
              stacks.flatMap((stack) =>
                stack.bars
                  .filter((bar) => bar.height > 0)
                  .map((bar) => (
                    <rect
                      key={`${stack.index}-${bar.index}`}
                      x={bar.x}
                      y={bar.y}
                      width={bar.width}
                      height={bar.height}
                      fill={bar.color}
                      stroke="white"
                      strokeWidth={1}
                    />
                  )),
              )
            }
          </BarStack>
          {weekly.map((week, index) =>
            totals[index] ? (
              <text
                key={week.weekStart}
                x={(xScale(week.weekStart) ?? 0) + xScale.bandwidth() / 2}
                y={yScale(totals[index] ?? 0) - 4}
                textAnchor="middle"
                fontSize={11}
                fill="#334155"
              >
                {formatNumber(totals[index] ?? 0)}
              </text>
            ) : null,
          )}
          <AxisLeft
            scale={yScale}
            tickValues={yTicks}
            tickFormat={(value) => formatNumber(Number(value))}
            stroke={AXIS_COLOUR}
            tickStroke={AXIS_COLOUR}
            tickLabelProps={{ fill: AXIS_COLOUR, fontSize: 11, textAnchor: 'end', dx: -2, dy: 3 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={xScale}
            tickValues={xTicks}
            tickFormat={(day) => formatShortDay(String(day))}
            stroke={AXIS_COLOUR}
            tickStroke={AXIS_COLOUR}
            tickLabelProps={{ fill: AXIS_COLOUR, fontSize: 11, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
    </div>
  );
}
