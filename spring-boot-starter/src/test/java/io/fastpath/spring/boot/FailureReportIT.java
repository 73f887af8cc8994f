package io.fastpath.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * An application whose only logging is what the starter brings (this module's test class path has no other):
 * a property Boot cannot bind stops it with Boot's failure report printed, not a silent exit.
 */
class FailureReportIT {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
    }

    @Test
    void aPropertyBootCannotBindStopsTheApplicationWithBootsFailureReportPrinted() {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            assertThatThrownBy(() -> SpringApplication.run(Application.class,
                    "--spring.data.redis.port=not-a-port", "--spring.main.web-application-type=none").close())
                    .isInstanceOf(RuntimeException.class);
        } finally {
            System.setOut(original);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("APPLICATION FAILED TO START")
                .contains("spring.data.redis.port");
    }
}
