package io.fastpath.opentelemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.HistogramPointData;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.ArrayList;
import java.util.List;

/** An OpenTelemetry SDK whose spans and metrics land in the SDK's in-memory exporters, for one test. */
final class Telemetry implements AutoCloseable {
    final InMemorySpanExporter spans = InMemorySpanExporter.create();
    final InMemoryMetricReader metrics = InMemoryMetricReader.create();
    final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
            .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
            .build();

    List<SpanData> spansNamed(String name) {
        return spans.getFinishedSpanItems().stream().filter(span -> span.getName().equals(name)).toList();
    }

    /** The points of db.client.operation.duration now. */
    List<HistogramPointData> durationPoints() {
        List<HistogramPointData> points = new ArrayList<>();
        for (MetricData metric : metrics.collectAllMetrics()) {
            if (metric.getName().equals("db.client.operation.duration")) {
                points.addAll(metric.getHistogramData().getPoints());
            }
        }
        return points;
    }

    /** The count of the duration points whose attributes include {@code key=value}. */
    long durationCount(AttributeKey<String> key, String value) {
        return durationPoints().stream().filter(point -> value.equals(point.getAttributes().get(key)))
                .mapToLong(HistogramPointData::getCount).sum();
    }

    /** Every attribute value of every finished span and every metric point, as text. */
    List<String> everyAttributeValue() {
        List<String> values = new ArrayList<>();
        spans.getFinishedSpanItems().forEach(span -> add(values, span.getAttributes()));
        metrics.collectAllMetrics().forEach(metric -> metric.getData().getPoints().forEach(point -> add(values, point.getAttributes())));
        return values;
    }

    private static void add(List<String> values, Attributes attributes) {
        attributes.forEach((key, value) -> values.add(key.getKey() + "=" + value));
    }

    @Override
    public void close() {
        sdk.close();
    }
}
