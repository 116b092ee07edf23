package dev.loomlab.server.webflux;

import io.netty.channel.ChannelOption;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Netty settings kept at parity with the mvc server's Tomcat. Everything not set here is
 * Reactor Netty's default: no idle, read or request timeout, no connection limit.
 */
@Configuration(proxyBeanMethods = false)
public class NettyConfiguration {

    /**
     * The listen backlog (Netty's default is the kernel's somaxconn, or 128 when unreadable):
     * 4096 like Tomcat's accept-count on mvc, so a burst of thousands of connections is queued
     * by the kernel, not dropped (FACTS: accept-count 100 overflowed 6,147 times at 3,000 VUs).
     */
    @Bean
    public NettyServerCustomizer acceptBacklog(@Value("${loomlab.accept-backlog:4096}") int backlog) {
        return server -> server.option(ChannelOption.SO_BACKLOG, backlog);
    }
}
